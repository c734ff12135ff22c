//! Tables of one statistic over a range of one or two SPEC items: "expected damage by Power and
//! Accuracy", "Legion wounds by red dice and cover". Each cell is an ordinary attack query, or a
//! Legion sequence of attacks on one unit.

use crate::error::{Error, Input, Message};
use crate::game::{Legion, LegionSequences, Options, Swtcg, Tabulated, Target};
use crate::legion::Edition;
use crate::policy::Policy;
use crate::swtcg::rules::Rules;
use crate::vocabulary::Vocabulary;
use num_rational::BigRational;
use serde::Deserialize;

/// The most cells one table may have.
pub const MAX_CELLS: usize = 10_000;

/// The most work the cells of one table may add up to, in the units of
/// [`crate::game::Game::cost`]: a few seconds.
pub const MAX_WORK: u64 = 15_000_000;

/// Which game the cells are queries of.
pub use crate::names::Game;

/// The statistic in each cell, of the damage (SWTCG) or the wounds (Legion), or the chance the
/// defender is destroyed (SWTCG), wiped (Legion), or (a sequence's) suppressed or panicked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stat {
    /// The expected damage or wounds.
    Mean,
    /// The chance the SWTCG defender is destroyed.
    Destroyed,
    /// The chance the Legion defender is wiped.
    Wiped,
    /// The chance a Legion sequence leaves the defender suppressed.
    Suppressed,
    /// The chance a Legion sequence leaves the defender panicked.
    Panicked,
    /// The chance of at least K damage or wounds.
    AtLeast(i64),
    /// The chance of exactly K damage or wounds.
    Pmf(i64),
    /// The most likely damage or wounds.
    Mode,
}

impl Stat {
    /// Parses `mean`, `destroyed`, `wiped`, `suppressed`, `panicked`, `atleast:K`, `pmf:K` or
    /// `mode`.
    pub fn parse(text: &str) -> Result<Stat, Error> {
        let t = text.trim().to_lowercase();
        let number = |k: &str| -> Result<i64, Error> {
            k.trim().parse().map_err(|_| {
                Error::input(
                    Message::flag(Input::Stat)
                        .text(format!(" {text}: '{k}' is not a whole number")),
                )
            })
        };
        match t.split_once(':') {
            None if t == "mean" => Ok(Stat::Mean),
            None if t == Vocabulary::swtcg().destroyed => Ok(Stat::Destroyed),
            None if t == Vocabulary::legion().destroyed => Ok(Stat::Wiped),
            None if t == "suppressed" => Ok(Stat::Suppressed),
            None if t == "panicked" => Ok(Stat::Panicked),
            None if t == "mode" => Ok(Stat::Mode),
            Some(("atleast", k)) => Ok(Stat::AtLeast(number(k)?)),
            Some(("pmf", k)) => Ok(Stat::Pmf(number(k)?)),
            _ => Err(Error::input(Message::flag(Input::Stat).text(format!(
                " '{text}' is not a statistic: use mean, atleast:K, pmf:K, mode, destroyed \
                 (SWTCG), wiped (Legion), suppressed or panicked (a Legion sequence)"
            )))),
        }
    }

    /// The spelling `parse` reads.
    pub fn name(self) -> String {
        match self {
            Stat::Mean => "mean".into(),
            Stat::Destroyed => Vocabulary::swtcg().destroyed.clone(),
            Stat::Wiped => Vocabulary::legion().destroyed.clone(),
            Stat::Suppressed => "suppressed".into(),
            Stat::Panicked => "panicked".into(),
            Stat::AtLeast(k) => format!("atleast:{k}"),
            Stat::Pmf(k) => format!("pmf:{k}"),
            Stat::Mode => "mode".into(),
        }
    }

    /// The statistic of `what` (`damage`, `wounds`) for people: `expected damage`.
    pub fn describe(self, what: &str) -> String {
        match self {
            Stat::Mean => format!("expected {what}"),
            Stat::Destroyed => "chance to destroy the defender".into(),
            Stat::Wiped => "chance to wipe the defender".into(),
            Stat::Suppressed => "chance the defender ends suppressed".into(),
            Stat::Panicked => "chance the defender ends panicked".into(),
            Stat::AtLeast(k) => format!("P({what} ≥ {k})"),
            Stat::Pmf(k) => format!("P({what} = {k})"),
            Stat::Mode => format!("most likely {what}"),
        }
    }
}

/// One axis: a SPEC item with an inclusive range in place of its number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Axis {
    /// The unit whose SPEC the item goes in.
    pub target: Target,
    /// The item's name as written, e.g. "Power".
    pub name: String,
    /// The item's numbers, in order: the range, ends included.
    pub values: Vec<i64>,
}

impl Axis {
    /// Parses `"Power 1..10"`, `"defender: Health 2..6"`, `"terrain cover 0..2"`.
    pub fn parse(input: Input, text: &str, game: Game) -> Result<Axis, Error> {
        let bad = |message: String| {
            Error::input(Message::flag(input).text(format!(" '{text}': {message}")))
        };
        let (prefix, rest) = match text.split_once(':') {
            Some((p, r))
                if ["attacker", "defender", "guardian"]
                    .contains(&p.trim().to_lowercase().as_str()) =>
            {
                (Some(p.trim().to_lowercase()), r.trim())
            }
            _ => (None, text.trim()),
        };
        let (name, range) = rest
            .rsplit_once(char::is_whitespace)
            .filter(|(_, r)| r.contains(".."))
            .ok_or_else(|| bad("write an item and a range, as in 'Power 1..10'".into()))?;
        let (lo, hi) = range.split_once("..").expect("checked above");
        let number = |s: &str| {
            s.trim().parse::<i64>().map_err(|_| {
                bad(format!(
                    "'{s}' is not a whole number; write the range as in 1..10"
                ))
            })
        };
        let (lo, hi) = (number(lo)?, number(hi)?);
        if lo > hi {
            return Err(bad(format!("the range starts after it ends ({lo} > {hi})")));
        }
        if (hi - lo) as u128 + 1 > MAX_CELLS as u128 {
            return Err(bad(format!("over the limit of {MAX_CELLS} values")));
        }
        let name = name.trim().to_string();
        let target = match prefix.as_deref() {
            Some("attacker") => Target::Attacker,
            Some("defender") => Target::Defender,
            Some("guardian") => Target::Guardian,
            _ => match game {
                Game::Swtcg => Swtcg::target(&name),
                Game::Legion => Legion::target(&name),
            },
        };
        Ok(Axis {
            target,
            name,
            values: (lo..=hi).collect(),
        })
    }

    /// The axis as it is written: `defender: Health 1..6`.
    pub fn describe(&self) -> String {
        let (lo, hi) = (self.values[0], self.values[self.values.len() - 1]);
        let prefix = match self.target {
            Target::Attacker => "",
            Target::Defender => "defender: ",
            Target::Guardian => "guardian: ",
        };
        format!("{prefix}{} {lo}..{hi}", self.name)
    }
}

/// Everything a table needs; a YAML table spec file holds the same fields.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSpec {
    /// The game the cells are attacks of.
    pub game: Game,
    /// A title for the table, shown over it.
    #[serde(default)]
    pub title: Option<String>,
    /// The attacker's SPEC, into which attacker items of the axes go.
    #[serde(default)]
    pub attacker: String,
    /// A Legion sequence's attackers, in order: each cell is the sequence (`attacker` stays
    /// empty; attacker items of the axes go to every attack).
    #[serde(default)]
    pub attacks: Vec<String>,
    /// The defender's SPEC.
    #[serde(default)]
    pub defender: String,
    /// A Legion unit guarding the defender, its SPEC.
    #[serde(default)]
    pub guardian: Option<String>,
    /// The row axis, an item and its range: `"Power 1..10"` ([`Axis::parse`]).
    pub rows: String,
    /// The column axis, as the rows; none for a table of one column.
    #[serde(default)]
    pub cols: Option<String>,
    /// The statistic in each cell, as [`Stat::parse`] reads it.
    pub stat: String,
    /// SWTCG rule options, each `NAME=VALUE`.
    #[serde(default)]
    pub rules: Vec<String>,
    /// The Legion rulebook followed, by its name; the newest when none.
    #[serde(default)]
    pub edition: Option<String>,
    /// Who makes the players' choices: `greedy` (the default) or `optimal`.
    #[serde(default)]
    pub policy: Option<String>,
    /// What the optimal policy plays for: `mean`, `atleast:K` (and `destroy` for SWTCG).
    #[serde(default)]
    pub objective: Option<String>,
}

/// A computed table: `cells[row][col]`, one column when there is no column axis.
#[derive(Debug, Clone)]
pub struct Table {
    /// The table as it was asked for.
    pub spec: TableSpec,
    /// The statistic in each cell.
    pub stat: Stat,
    /// The row axis.
    pub rows: Axis,
    /// The column axis, if the table has one.
    pub cols: Option<Axis>,
    /// The cells' exact values, row by row.
    pub cells: Vec<Vec<BigRational>>,
    /// What every cell's attack shares besides its SPECs.
    pub options: Options,
}

impl Table {
    /// The row values.
    pub fn row_values(&self) -> &[i64] {
        &self.rows.values
    }

    /// The column values, none without a column axis.
    pub fn col_values(&self) -> &[i64] {
        self.cols.as_ref().map_or(&[], |c| &c.values)
    }
}

/// Every cell's query, each checked against one attack's limits and their work summed against
/// [`MAX_WORK`] before any is computed; then the cells, row by row. An error names its cell.
fn cells<G: Tabulated>(
    query: &Query,
    rows: &Axis,
    cols: Option<&Axis>,
) -> Result<Vec<Vec<BigRational>>, Error> {
    let col_values: Vec<Option<i64>> = match cols {
        None => vec![None],
        Some(c) => c.values.iter().copied().map(Some).collect(),
    };
    let place = |r: i64, c: Option<i64>| match (cols, c) {
        (Some(axis), Some(v)) => format!("row {} {r}, column {} {v}", rows.name, axis.name),
        _ => format!("row {} {r}", rows.name),
    };
    let mut planned = Vec::with_capacity(rows.values.len());
    let (mut total, mut largest) = (0u64, (0u64, String::new()));
    for &r in &rows.values {
        let mut line = Vec::with_capacity(col_values.len());
        for &c in &col_values {
            let axes: Vec<(&Axis, i64)> = std::iter::once((rows, r)).chain(cols.zip(c)).collect();
            let cell = query.cell::<G>(&axes).map_err(|e| e.within(&place(r, c)))?;
            let cost = G::cost(&cell).map_err(|e| e.within(&place(r, c)))?;
            total = total.saturating_add(cost);
            if cost > largest.0 {
                largest = (cost, place(r, c));
            }
            line.push((cell, r, c));
        }
        planned.push(line);
    }
    if total > MAX_WORK {
        return Err(Error::too_large(Message::about(Input::Rows).text(format!(
            "this table's cells add up to {total} units of work, over the limit of {MAX_WORK} \
             (the largest cell, {}, is {}): use shorter ranges, or fewer keywords that trigger \
             on natural faces",
            largest.1, largest.0
        ))));
    }
    planned
        .into_iter()
        .map(|line| {
            line.into_iter()
                .map(|(cell, r, c)| query.value::<G>(&cell).map_err(|e| e.within(&place(r, c))))
                .collect()
        })
        .collect()
}

/// Computes every cell of a table.
///
/// ```
/// use holodice_engine::table::{compute, Game, TableSpec};
/// let spec = TableSpec {
///     game: Game::Swtcg, title: None, attacker: String::new(), attacks: vec![],
///     defender: String::new(),
///     guardian: None, rows: "Power 1..3".into(), cols: None, stat: "mean".into(),
///     rules: vec![], edition: None, policy: None, objective: None,
/// };
/// let t = compute(&spec).unwrap();
/// // Half the dice hit: 1/2, 1, 3/2.
/// assert_eq!(t.cells[2][0].to_string(), "3/2");
/// ```
pub fn compute(spec: &TableSpec) -> Result<Table, Error> {
    match (spec.game, spec.attacks.is_empty()) {
        (Game::Swtcg, true) => compute_with::<Swtcg>(spec),
        (Game::Legion, true) => compute_with::<Legion>(spec),
        (Game::Legion, false) => compute_with::<LegionSequences>(spec),
        (Game::Swtcg, false) => Err(sequences_are_legions()),
    }
}

/// Only Legion tables have sequence cells.
fn sequences_are_legions() -> Error {
    Error::input(
        "a table of sequences (attacks) is a Legion table: use the game legion, or one attacker",
    )
}

/// Computes every cell of a table of `G`'s attacks.
fn compute_with<G: Tabulated>(spec: &TableSpec) -> Result<Table, Error> {
    let (stat, rows, cols) = axes(spec)?;
    let query = Query::new::<G>(spec, stat)?;
    let cells = cells::<G>(&query, &rows, cols.as_ref())?;
    Ok(Table {
        spec: spec.clone(),
        stat,
        rows,
        cols,
        cells,
        options: query.options,
    })
}

/// The statistic and the axes of a table, refused past [`MAX_CELLS`].
fn axes(spec: &TableSpec) -> Result<(Stat, Axis, Option<Axis>), Error> {
    let stat = Stat::parse(&spec.stat)?;
    let rows = Axis::parse(Input::Rows, &spec.rows, spec.game)?;
    let cols = spec
        .cols
        .as_deref()
        .map(|c| Axis::parse(Input::Cols, c, spec.game))
        .transpose()?;
    let n_cols = cols.as_ref().map_or(1, |c| c.values.len());
    if rows.values.len().saturating_mul(n_cols) > MAX_CELLS {
        return Err(Error::too_large(Message::about(Input::Rows).text(format!(
            "a table of {} × {n_cols} cells is over the limit of {MAX_CELLS}",
            rows.values.len()
        ))));
    }
    Ok((stat, rows, cols))
}

/// The table's work estimated from one cell, before the others are made: the cells times the
/// work of the cell at the end of every axis (the largest values, usually the most work), in
/// the units of [`crate::game::Game::cost`].
pub fn estimate(spec: &TableSpec) -> Result<u64, Error> {
    match (spec.game, spec.attacks.is_empty()) {
        (Game::Swtcg, true) => estimate_with::<Swtcg>(spec),
        (Game::Legion, true) => estimate_with::<Legion>(spec),
        (Game::Legion, false) => estimate_with::<LegionSequences>(spec),
        (Game::Swtcg, false) => Err(sequences_are_legions()),
    }
}

/// The work of a table of `G`'s attacks, estimated from its corner cell.
fn estimate_with<G: Tabulated>(spec: &TableSpec) -> Result<u64, Error> {
    let (stat, rows, cols) = axes(spec)?;
    let query = Query::new::<G>(spec, stat)?;
    let last = |a: &Axis| *a.values.last().expect("an axis has values");
    let corner: Vec<(&Axis, i64)> = std::iter::once((&rows, last(&rows)))
        .chain(cols.as_ref().map(|c| (c, last(c))))
        .collect();
    let cells = rows.values.len() * cols.as_ref().map_or(1, |c| c.values.len());
    Ok(G::cost(&query.cell::<G>(&corner)?)?.saturating_mul(cells as u64))
}

/// The fixed part of every cell's query: the base SPECs, the statistic and the options.
struct Query {
    /// The base attackers' SPECs (one, or a sequence's), named cards written out.
    attackers: Vec<String>,
    /// The base SPECs of the defender and the guardian, named cards written out.
    base: [String; 2],
    /// Whether the cells have a guardian.
    guarded: bool,
    /// The statistic each cell computes.
    stat: Stat,
    /// What every cell's attack shares besides its SPECs.
    options: Options,
}

impl Query {
    /// The query a table spec's cells share, its options read and its cards written out.
    fn new<G: Tabulated>(spec: &TableSpec, stat: Stat) -> Result<Query, Error> {
        let mut rules = Rules::default();
        for r in &spec.rules {
            rules.set(r)?;
        }
        let edition = match spec.edition.as_deref().map(str::trim) {
            None => Edition::default(),
            Some(name) => Edition::parse(name).map_err(Error::input)?,
        };
        let policy = match spec.policy.as_deref().map(|p| p.trim().to_lowercase()) {
            None => Policy::Greedy,
            Some(p) if p == "greedy" => Policy::Greedy,
            Some(p) if p == "optimal" => Policy::Optimal,
            Some(p) => return Err(Error::input(format!("policy '{p}': use greedy or optimal"))),
        };
        let objective = spec
            .objective
            .as_deref()
            .map(G::objective)
            .transpose()?
            .unwrap_or_default();
        refuse_stat(stat, spec)?;
        if !spec.attacks.is_empty() && !spec.attacker.is_empty() {
            return Err(Error::input(
                "a table's cells are one attack (attacker) or a sequence (attacks): give one",
            ));
        }
        // A card's items are written out once, so that a range replaces the card's own item.
        let attackers = match spec.attacks.is_empty() {
            true => vec![G::written_out(Target::Attacker, &spec.attacker)?],
            false => (spec.attacks.iter())
                .map(|a| G::written_out(Target::Attacker, a))
                .collect::<Result<_, _>>()?,
        };
        let base = [
            G::written_out(Target::Defender, &spec.defender)?,
            spec.guardian.clone().unwrap_or_default(),
        ];
        Ok(Query {
            attackers,
            base,
            guarded: spec.guardian.is_some(),
            stat,
            options: Options {
                rules,
                edition,
                policy,
                objective,
            },
        })
    }

    /// The SPECs (the attackers', the defender's, the guardian's) with the axes' items put in
    /// (replacing the same item in the base SPEC; an attacker's item in every attacker's).
    fn specs<G: Tabulated>(&self, axes: &[(&Axis, i64)]) -> (Vec<String>, [String; 2]) {
        let (mut attackers, mut base) = (self.attackers.clone(), self.base.clone());
        for (axis, v) in axes {
            let item = format!("{} {v}", axis.name);
            let slots: Vec<&mut String> = match axis.target {
                Target::Attacker => attackers.iter_mut().collect(),
                Target::Defender => vec![&mut base[0]],
                Target::Guardian => vec![&mut base[1]],
            };
            for spec in slots {
                *spec = with_item::<G>(spec, &item);
            }
        }
        (attackers, base)
    }

    /// The attack (or sequence) one cell asks about.
    fn cell<G: Tabulated>(&self, axes: &[(&Axis, i64)]) -> Result<G::Query, Error> {
        let (attackers, [defender, guardian]) = self.specs::<G>(axes);
        let attackers: Vec<&str> = attackers.iter().map(String::as_str).collect();
        let guardian = self.guarded.then_some(guardian.as_str());
        G::cell(&self.options, &attackers, &defender, guardian)
    }

    /// The cell's statistic.
    fn value<G: Tabulated>(&self, cell: &G::Query) -> Result<BigRational, Error> {
        let outcome = G::attack(cell)?;
        let d = G::damage(&outcome);
        let chance = |p: Option<&BigRational>, needs: Message| {
            p.cloned().ok_or_else(|| {
                Error::input(
                    (Message::flag(Input::Stat).text(format!(" {}: ", self.stat.name())))
                        .then(needs),
                )
            })
        };
        let suppression = G::suppression(&outcome);
        let needs = || Message::from("it is a sequence's: give the attacks (").then(repeated());
        let as_in =
            |spec: &str| Message::from(format!("it needs {spec}, as in ")).name(Input::Defender);
        Ok(match self.stat {
            Stat::Mean => d.mean(),
            Stat::AtLeast(k) => d.at_least(k),
            Stat::Pmf(k) => d.prob(k),
            Stat::Mode => BigRational::from_integer(d.mode().into()),
            Stat::Destroyed => chance(
                G::destroyed(&outcome),
                as_in("the defender's Health").text(" 'Health 4'"),
            )?,
            Stat::Wiped => chance(
                G::destroyed(&outcome),
                as_in("the defender's wounds per mini").text(" 'wounds 1, minis 4'"),
            )?,
            Stat::Suppressed => chance(suppression.map(|[s, _]| s), needs())?,
            Stat::Panicked => chance(suppression.map(|[_, p]| p), needs())?,
        })
    }
}

/// `spec` with `item` put in, in place of the same item.
fn with_item<G: Tabulated>(spec: &str, item: &str) -> String {
    let wanted = G::item_name(item);
    (spec.split(',').map(str::trim))
        .filter(|i| !i.is_empty() && (wanted.is_none() || G::item_name(i) != wanted))
        .chain(std::iter::once(item))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A sequence's attacks named: "(--attack, repeated)", its opening parenthesis already said.
fn repeated() -> Message {
    Message::default().name(Input::Attack).text(", repeated)")
}

/// A statistic of the other game, or of a sequence in a table of attacks.
fn refuse_stat(stat: Stat, spec: &TableSpec) -> Result<(), Error> {
    let refused = match (stat, spec.game) {
        (Stat::Destroyed, Game::Legion) => {
            Message::from("destroyed is for SWTCG tables: Legion's is wiped")
        }
        (Stat::Wiped, Game::Swtcg) => {
            Message::from("wiped is for Legion tables: SWTCG's is destroyed")
        }
        (Stat::Suppressed | Stat::Panicked, Game::Swtcg) => {
            Message::from("suppressed and panicked are for Legion sequences (").then(repeated())
        }
        _ => return Ok(()),
    };
    Err(Error::input(
        Message::flag(Input::Stat).text(" ").then(refused),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(game: Game, rows: &str, cols: Option<&str>, stat: &str) -> TableSpec {
        TableSpec {
            game,
            title: None,
            attacker: String::new(),
            attacks: vec![],
            defender: String::new(),
            guardian: None,
            rows: rows.into(),
            cols: cols.map(Into::into),
            stat: stat.into(),
            rules: vec![],
            edition: None,
            policy: None,
            objective: None,
        }
    }

    #[test]
    fn swtcg_means_follow_power_and_accuracy() {
        // Power p with Accuracy a hits on (3 + a) faces of 6: mean p · (3 + a) / 6.
        let t = compute(&spec(
            Game::Swtcg,
            "Power 0..4",
            Some("Accuracy -1..2"),
            "mean",
        ))
        .unwrap();
        for (i, p) in t.row_values().iter().enumerate() {
            for (j, a) in t.col_values().iter().enumerate() {
                assert_eq!(
                    t.cells[i][j],
                    BigRational::new((p * (3 + a)).into(), 6.into())
                );
            }
        }
        assert_eq!(t.rows.describe(), "Power 0..4");
        assert_eq!(t.cols.unwrap().describe(), "Accuracy -1..2");
    }

    #[test]
    fn range_items_replace_the_base_item() {
        let mut s = spec(Game::Swtcg, "Accuracy 1..1", None, "mean");
        s.attacker = "Power 6, Accuracy 2".into();
        // Accuracy 1 replaces Accuracy 2 (not adds to it): 6 · 4/6 = 4.
        assert_eq!(
            compute(&s).unwrap().cells[0][0],
            BigRational::from_integer(4.into())
        );
    }

    #[test]
    fn legion_items_go_to_their_own_spec() {
        let mut s = spec(Game::Legion, "red 1..2", Some("terrain cover 0..1"), "mean");
        s.defender = "white defense".into();
        let t = compute(&s).unwrap();
        assert_eq!(t.cells.len(), 2);
        // One red die (no chart), no cover: 6/8 results, each wounds on 5/6 of white defense.
        assert_eq!(t.cells[0][0], BigRational::new(5.into(), 8.into()));
    }

    #[test]
    fn bad_tables_are_refused_with_the_fix() {
        let err = |rows: &str, stat: &str| {
            compute(&spec(Game::Swtcg, rows, None, stat))
                .unwrap_err()
                .to_string()
        };
        assert!(err("Power 5..1", "mean").contains("starts after it ends"));
        assert!(err("Power a..3", "mean").contains("not a whole number"));
        assert!(err("Power 3", "mean").contains("as in 'Power 1..10'"));
        assert!(err("Power 1..3", "median").contains("not a statistic"));
        assert!(err("Power 1..3", "destroyed").contains("needs the defender's Health"));
        let big = spec(Game::Swtcg, "Power 1..200", Some("Accuracy 1..51"), "mean");
        assert!(compute(&big)
            .unwrap_err()
            .to_string()
            .contains("limit of 10000"));
    }
}
