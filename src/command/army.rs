//! `holodice legion army`: an army list's units against chosen defenders (or the common
//! defender profiles) at each range band, or against every unit of another list as a matrix.

use super::legion_args::{LegionCardArgs, LegionChoices};
use super::output::{render, OutputArgs};
use super::Files;
use crate::error::Error;
use crate::report::army::{ArmyAnswer, Inputs};
#[cfg(feature = "native")]
use clap::{Args, ValueEnum};
use holodice_engine::error as engine;
use holodice_engine::legion::army::{default_defenders, plan, Band, Planned, Unit};
use holodice_engine::legion::army_list::{ArmyList, ListUnit};
use holodice_engine::legion::cards::Cards;
use holodice_engine::legion::Scenario;
use serde::Deserialize;
use std::path::PathBuf;

#[cfg(feature = "native")]
pub(super) const HELP: &str = "Reads an army list as players share it: a Legion HQ 2 link (the \
whole URL, or FACTION/HASH, or the hash), or the common JSON list format (Legion HQ 2's and \
Tabletop Admiral's export, which Longshanks asks for). The list's units, upgrades, counterparts, \
loadouts, points, faction and command cards are listed; a list over its points or with an upgrade \
its unit may not take is read with a note, never refused or changed.

Each unit attacks with its best attack at each range band (1, 2, 3, 4 and beyond, melee): the \
unit's SPEC from its cards at that range (a unit whose weapons need choosing takes the choice with \
the most mean wounds), each cell the exact `legion attack` of that SPEC. Against --against \
defenders (repeatable; default: the common defender profiles of data/legion/defenders.yaml, \
named), a row per unit and defender gives --stat at each band and the best band. With --vs-list, \
the matrix of every unit against every unit of the other list, at --range (default: each cell's \
best band). --with gives every defender cover and tokens, --attacker-with every attacker tokens. \
JSON gives every statistic of every cell with the two SPECs it attacked with.

Examples:
  holodice legion army --list \"https://legionhq2.com/list/empire/1ay...\"
  holodice legion army --list-file list.json --against \"@Rebel Troopers\" \\
      --with \"cover light\" --stat wiped
  holodice legion army --list-file mine.json --vs-list-file theirs.json --range 2
";

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct ArmyArgs {
    /// The army: a Legion HQ 2 link or its hash, or a JSON list
    #[cfg_attr(
        feature = "native",
        arg(long, value_name = "LIST", required_unless_present = "list_file")
    )]
    list: Option<String>,
    /// The army from a file (a link, or a JSON list)
    #[cfg_attr(feature = "native", arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath, conflicts_with = "list"))]
    list_file: Option<PathBuf>,
    /// A defender, as a SPEC (repeatable); default: the common defender profiles
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC", conflicts_with_all = ["vs_list", "vs_list_file"]))]
    against: Vec<String>,
    /// The other army, for the matrix of every unit against every unit
    #[cfg_attr(feature = "native", arg(long, value_name = "LIST"))]
    vs_list: Option<String>,
    /// The other army from a file
    #[cfg_attr(feature = "native", arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath, conflicts_with = "vs_list"))]
    vs_list_file: Option<PathBuf>,
    /// The range band: 1, 2, 3, 4 (4 and beyond), melee, or best (each cell's best band)
    #[cfg_attr(
        feature = "native",
        arg(long, value_name = "BAND", default_value = "best")
    )]
    range: String,
    /// Items every defender gets: cover and tokens, e.g. "cover light, dodge 1"
    #[cfg_attr(
        feature = "native",
        arg(long = "with", value_name = "ITEMS", default_value = "")
    )]
    with: String,
    /// Items every attacker gets: tokens, e.g. "aim 1"
    #[cfg_attr(
        feature = "native",
        arg(long, value_name = "ITEMS", default_value = "")
    )]
    attacker_with: String,
    /// The statistic the cells show (JSON gives them all)
    #[cfg_attr(feature = "native", arg(long, value_enum, default_value_t = Stat::Mean))]
    stat: Stat,
    /// The rows' order: the list's, or best first (by the best band's mean wounds)
    #[cfg_attr(feature = "native", arg(long, value_enum, default_value_t = Sort::List))]
    sort: Sort,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    cards: LegionCardArgs,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    choices: LegionChoices,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    output: OutputArgs,
}

/// What the cells of the text outputs show.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum Stat {
    /// Mean wounds on the defender
    Mean,
    /// The chance of at least one wound
    Atleast1,
    /// The chance to wipe the defender
    Wiped,
    /// Mean wounds per 100 points of the attacking unit
    Per100,
}

/// The rows' order.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum Sort {
    /// The list's order
    List,
    /// Best first, by mean wounds at the best band (over the defenders, for the matrix)
    Mean,
}

/// The request as read: the lists, the units on each side and the bands.
struct Read {
    list: ArmyList,
    vs: Option<ArmyList>,
    attackers: Vec<Unit>,
    defenders: Vec<Unit>,
    bands: Vec<Band>,
    chosen: Option<Band>,
    choices: Scenario,
}

impl ArmyArgs {
    fn read(&self, cards: &Cards, files: &dyn Files) -> Result<Read, Error> {
        let list = read_list(&self.list, &self.list_file, "--list-file", cards, files)?;
        let vs = match (&self.vs_list, &self.vs_list_file) {
            (None, None) => None,
            (text, file) => Some(read_list(text, file, "--vs-list-file", cards, files)?),
        };
        let chosen = match self.range.trim().eq_ignore_ascii_case("best") {
            true => None,
            false => Some(Band::read(&self.range)?),
        };
        let defenders = match (&vs, self.against.is_empty()) {
            (Some(v), _) => units(v, cards),
            (None, false) => (self.against.iter())
                .map(|spec| Unit {
                    name: crate::report::squeeze(spec),
                    spec: spec.clone(),
                    points: None,
                    weapons: Vec::new(),
                })
                .collect(),
            (None, true) => default_defenders().to_vec(),
        };
        Ok(Read {
            attackers: units(&list, cards),
            defenders,
            bands: chosen.map_or(Band::ALL.to_vec(), |b| vec![b]),
            chosen,
            list,
            vs,
            choices: self.choices.scenario()?,
        })
    }

    fn planned(&self, r: &Read, cards: &Cards) -> Result<Planned, engine::Error> {
        plan(&holodice_engine::legion::army::Request {
            attackers: &r.attackers,
            defenders: &r.defenders,
            bands: &r.bands,
            attacker_with: &self.attacker_with,
            defender_with: &self.with,
            choices: &r.choices,
            cards,
        })
    }
}

/// A list from its option's text or file.
fn read_list(
    text: &Option<String>,
    file: &Option<PathBuf>,
    flag: &str,
    cards: &Cards,
    files: &dyn Files,
) -> Result<ArmyList, Error> {
    let text = match (text, file) {
        (Some(t), _) => t.clone(),
        (None, Some(f)) => files.read(flag, f)?,
        (None, None) => {
            return Err(engine::Error::input(
                "--list is required: a Legion HQ 2 link or a JSON list",
            )
            .into())
        }
    };
    Ok(ArmyList::read(&text, cards)?)
}

/// A list's units as the army work takes them, each named once (a repeated name numbered).
fn units(list: &ArmyList, cards: &Cards) -> Vec<Unit> {
    let mut seen: Vec<String> = Vec::new();
    (list.units.iter())
        .map(|u| {
            let base = u.name(cards);
            let n = seen.iter().filter(|s| **s == base).count();
            seen.push(base.clone());
            Unit {
                name: match n {
                    0 => base,
                    n => format!("{base} #{}", n + 1),
                },
                spec: u.spec(cards),
                points: Some(u.points(cards)),
                weapons: weapons(u, cards),
            }
        })
        .collect()
}

/// The names of the weapons on a unit's cards: its own, its upgrades' and its counterpart's.
fn weapons(u: &ListUnit, cards: &Cards) -> Vec<String> {
    let ids = std::iter::once(&u.card)
        .chain(u.upgrades.iter().flatten())
        .chain(u.counterpart.iter().map(|c| &c.card));
    ids.filter_map(|id| cards.by_id(id))
        .flat_map(|c| c.weapons.iter().map(|w| w.name.clone()))
        .collect()
}

/// `legion army`, read: the cards, the lists and the units on each side.
pub(super) struct Army<'c> {
    /// The cards `@Name` can name, the `--cards` files' with them.
    cards: std::borrow::Cow<'c, Cards>,
    read: Read,
    /// The arguments as given: what the answer shows and how it is printed.
    args: ArmyArgs,
}

impl<'c> Army<'c> {
    pub(super) fn read(
        a: ArmyArgs,
        cards: &'c Cards,
        files: &dyn Files,
    ) -> Result<Army<'c>, Error> {
        let cards = a.cards.read(cards, files)?;
        let read = a.read(&cards, files)?;
        Ok(Army {
            cards,
            read,
            args: a,
        })
    }

    /// The work of the army's attacks, as the batch estimates it before it runs.
    pub(super) fn cost(&self) -> Result<u64, engine::Error> {
        Ok(self.args.planned(&self.read, &self.cards)?.work())
    }

    pub(super) fn run(self) -> Result<super::Answer, Error> {
        let (a, r, cards) = (&self.args, &self.read, &*self.cards);
        let pairings = a.planned(r, cards)?.run();
        let inputs = Inputs {
            list: &r.list,
            vs: r.vs.as_ref(),
            attackers: &r.attackers,
            defenders: &r.defenders,
            pairings: &pairings,
            chosen: r.chosen,
            with: &a.with,
            attacker_with: &a.attacker_with,
            stat: a.stat,
            sort: a.sort,
            choices: &r.choices,
            cards,
        };
        render(
            &ArmyAnswer::new(&inputs),
            a.output.format,
            a.output.options(),
            a.output.plot.as_ref(),
            || Err(engine::Error::input("an army draws no chart: choose another --format").into()),
        )
    }
}
