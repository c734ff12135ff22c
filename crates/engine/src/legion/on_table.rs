//! Results already rolled: an attack that starts from the dice a player has on the table,
//! before the rerolls (`3 red hits, 1 red crit, 1 red surge, 1 red blank`) or once surges are
//! converted (`3 hits, 1 crit, 2 blanks`), and goes on from there against the defender.

use super::units::{describe_dice, Attacker};
use crate::error::{Error, Input, Message};

/// The step an attack picks up at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Resumes {
    /// The dice as rolled: the Reroll Attack Dice step is next.
    Reroll,
    /// The results once surges are converted (and Marksman has acted): Apply Dodge and Cover
    /// is next.
    Cover,
}

impl Resumes {
    /// The input (command-line option, API key) that gives such results.
    pub fn input(self) -> Input {
        match self {
            Resumes::Reroll => Input::Rolled,
            Resumes::Cover => Input::Converted,
        }
    }

    /// An error about that input.
    fn error(self, message: String) -> Error {
        Error::input(Message::flag(self.input()).text(format!(" {message}")))
    }
}

/// The faces of the attack dice on the table.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OnTable {
    /// The step the attack goes on from.
    pub resumes: Resumes,
    /// Per colour (red, black, white): blanks, surges, hits, crits.
    pub faces: [[u32; 4]; 3],
}

/// Faces in the order of [`OnTable::faces`].
const FACES: [(&str, &str); 4] = [
    ("blank", "blanks"),
    ("surge", "surges"),
    ("hit", "hits"),
    ("crit", "crits"),
];

const COLOURS: [&str; 3] = ["red", "black", "white"];

impl OnTable {
    /// Reads `N [COLOUR] FACE` items, comma-separated, any case. A colour may be left out when
    /// `attacker` rolls one colour only, and always after conversion (colour no longer
    /// matters then). Every die of the attacker's pool must be accounted for.
    ///
    /// ```
    /// use holodice_engine::legion::on_table::{OnTable, Resumes};
    /// use holodice_engine::legion::Scenario;
    /// let s = Scenario::parse("3 red, aim 1", "white defense", None).unwrap();
    /// let t = OnTable::parse("2 hits, 1 blank", Resumes::Reroll, &s.attacker).unwrap();
    /// assert_eq!(t.faces[0], [1, 0, 2, 0]);
    /// let wrong = OnTable::parse("2 hits", Resumes::Reroll, &s.attacker).unwrap_err().to_string();
    /// assert!(wrong.contains("3 red"), "{wrong}");
    /// ```
    pub fn parse(text: &str, resumes: Resumes, attacker: &Attacker) -> Result<OnTable, Error> {
        let mut faces = [[0u32; 4]; 3];
        for item in text.split(',').map(str::trim) {
            let (colour, face, n) =
                item_of(item, resumes, attacker).map_err(|m| resumes.error(m))?;
            faces[colour][face] = faces[colour][face].saturating_add(n);
        }
        let table = OnTable { resumes, faces };
        table.accounts_for(attacker)?;
        Ok(table)
    }

    /// Dice per colour.
    pub fn dice(&self) -> [u32; 3] {
        self.faces.map(|f| f.iter().sum())
    }

    /// Totals over the colours: blanks, surges, hits, crits.
    pub(crate) fn totals(&self) -> [u32; 4] {
        [0, 1, 2, 3].map(|f| self.faces.iter().map(|c| c[f]).sum())
    }

    /// The results must show every die the attacker rolls: per colour before the rerolls, in
    /// all after conversion.
    pub(crate) fn accounts_for(&self, a: &Attacker) -> Result<(), Error> {
        let rolled = a.rolled_dice();
        let (shown, pool) = match self.resumes {
            Resumes::Reroll => (describe_dice(self.dice()), describe_dice(rolled)),
            Resumes::Cover => {
                let dice = |d: [u32; 3]| format!("{} dice", d.iter().sum::<u32>());
                (dice(self.dice()), dice(rolled))
            }
        };
        match shown == pool {
            true => Ok(()),
            false => Err(self.resumes.error(format!(
                "shows {shown} but the attacker rolls {pool}: give a face for every die"
            ))),
        }
    }
}

/// One item: its colour, face and count.
fn item_of(item: &str, resumes: Resumes, a: &Attacker) -> Result<(usize, usize, u32), String> {
    let words: Vec<String> = item.split_whitespace().map(str::to_lowercase).collect();
    let example = "write each as a number, a colour and a face, as in \"3 red hits, 1 red blank\"";
    let (n, rest) = match words.split_first() {
        Some((n, rest)) if !rest.is_empty() => (n, rest),
        _ => return Err(format!("'{item}': {example}")),
    };
    let n: u32 = n
        .parse()
        .map_err(|_| format!("'{item}': '{n}' is not a count; {example}"))?;
    let face_word = rest.last().expect("rest is not empty");
    let face = FACES
        .iter()
        .position(|(one, many)| face_word == one || face_word == many)
        .ok_or_else(|| {
            format!("'{item}': '{face_word}' is no face: use blank, surge, hit or crit")
        })?;
    if resumes == Resumes::Cover && face == 1 {
        return Err(format!(
            "'{item}': once surges are converted each is a hit, a crit or a blank; give it as \
             one, or give the dice as they were rolled instead"
        ));
    }
    let colour = match &rest[..rest.len() - 1] {
        [] => only_colour(a.rolled_dice(), resumes).ok_or_else(|| {
            format!(
                "'{item}': the attacker rolls {}: say which colour, as in '{n} red {face_word}'",
                describe_dice(a.rolled_dice())
            )
        })?,
        [c] => COLOURS
            .iter()
            .position(|k| k == c)
            .ok_or_else(|| format!("'{item}': '{c}' is no die colour: use red, black or white"))?,
        _ => return Err(format!("'{item}': {example}")),
    };
    Ok((colour, face, n))
}

/// The colour a face without one is: the pool's only colour, or any after conversion.
fn only_colour(dice: [u32; 3], resumes: Resumes) -> Option<usize> {
    let rolled: Vec<usize> = (0..3).filter(|&c| dice[c] > 0).collect();
    match (rolled.as_slice(), resumes) {
        ([c], _) => Some(*c),
        (_, Resumes::Cover) => Some(0),
        _ => None,
    }
}
