//! `holodice legion …`: the attack and the SPEC item listing.

use super::army;
use super::compare;
use super::legion_args::{LegionAttackArgs, LegionCardArgs};
use super::legion_sequence::{self, SequenceArgs};
use super::matchups;
use super::output::{finish, listing, Answer, CardsFormat, ListingArgs};
use super::simulate::{self, SimulateLegionArgs, SimulateSequenceArgs};
use super::Files;
use crate::error::Error;
use crate::report::legion::{AttackAnswer, Specs};
use crate::report::squeeze;
#[cfg(feature = "native")]
use clap::{Args, Subcommand};
use holodice_engine::error as engine;
use holodice_engine::legion::{self, cards::Cards, Scenario};
use serde::Deserialize;
use std::borrow::Cow;

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Subcommand))]
#[serde(rename_all = "kebab-case")]
pub enum LegionCommand {
    /// The exact outcome of one attack: wounds, attack results, Deflect and Guardian wounds
    #[cfg_attr(feature = "native", command(after_long_help = super::legion_args::HELP))]
    Attack(LegionAttackArgs),
    /// Several attacks on one unit, in order: wounds, minis, suppression and panic carried
    #[cfg_attr(feature = "native", command(after_long_help = legion_sequence::HELP))]
    Sequence(SequenceArgs),
    /// Loadouts side by side: each --attacker against each --defender (mean wounds, P(≥ k))
    #[cfg_attr(feature = "native", command(after_long_help = compare::LEGION_HELP))]
    Compare(compare::LegionCompareArgs),
    /// One attacker against every unit card: mean wounds, P(≥1), chance to wipe, points
    #[cfg_attr(feature = "native", command(after_long_help = matchups::HELP))]
    Matchups(matchups::MatchupsArgs),
    /// An army list's units against defenders or another list, at each range band
    #[cfg_attr(feature = "native", command(after_long_help = army::HELP))]
    Army(army::ArmyArgs),
    /// Roll the same attack physically, many times, and compare with the exact answer
    Simulate(SimulateLegionArgs),
    /// Roll the same sequence of attacks physically, many times, and compare with the exact
    /// answer
    SimulateSequence(SimulateSequenceArgs),
    /// List every SPEC item, its step, its status and what it does (a Markdown table)
    Keywords(ListingArgs),
    /// List the units and upgrades of --cards files: statistics, keywords and weapons
    #[cfg_attr(feature = "native", command(after_long_help = UNITS_HELP))]
    Units(UnitsArgs),
}

#[cfg(feature = "native")]
const UNITS_HELP: &str = "Lists the unit and upgrade cards whose name (or title) contains QUERY, \
in any case: statistics, keywords, each weapon's range, dice and keywords, a unit's upgrade bar, \
the slots an upgrade adds, which units may take it, and the file each came from. The built-in \
cards are the facts of Legion HQ's open card data (data/legion/SOURCE.md); --cards adds Legion \
HQ's cards.json or a YAML list of cards with its field names (docs/cards.md), whose cards replace \
built-in ones with the same id.

--upgrades-for NAME lists the upgrades that fit one unit, as a list builder offers them: for each \
slot of its upgrade bar (and each slot an upgrade it may take adds), the upgrades of that slot \
type whose faction and requirements the unit meets (QUERY narrows them by name). NAME is the \
unit as a SPEC names it without the '@' ('Stormtroopers (ay)', 'Luke Skywalker (Jedi Knight)'), \
or its Legion HQ id. No card gives a unit's Force affinity: an upgrade that requires one is \
offered to every unit with the slot, and its requirement says 'not checked'.

Examples:
  holodice legion units stormtroopers
  holodice legion units \"luke skywalker\" --format json
  holodice legion units --upgrades-for \"Stormtroopers (ay)\"
  holodice legion units --upgrades-for \"Luke Skywalker (Jedi Knight)\" --format json
  holodice legion units --cards cards.json
";

/// A Legion command, its arguments read: what its estimate and its run both start from.
pub(super) enum Prepared<'a> {
    /// `legion attack`.
    Attack(Box<Attack>),
    /// `legion sequence`.
    Sequence(Box<legion_sequence::SequenceRead<'a>>),
    /// `legion compare`.
    Compare(Box<compare::LegionCompare>),
    /// `legion matchups`.
    Matchups(Box<matchups::Matchups<'a>>),
    /// `legion army`.
    Army(Box<army::Army<'a>>),
    /// `legion simulate`.
    Simulate(Box<simulate::LegionSimulate>),
    /// `legion simulate-sequence`.
    SimulateSequence(Box<simulate::SequenceSimulate<'a>>),
    /// `legion keywords`.
    Keywords(ListingArgs),
    /// `legion units`, with the cards it lists.
    Units(Box<UnitsArgs>, Cow<'a, Cards>),
}

/// Reads `command`'s arguments: its units, card files and options, each once.
pub(super) fn prepare<'a>(
    command: LegionCommand,
    cards: &'a Cards,
    files: &dyn Files,
) -> Result<Prepared<'a>, Error> {
    Ok(match command {
        LegionCommand::Attack(a) => Prepared::Attack(Box::new(Attack::read(a, cards, files)?)),
        LegionCommand::Sequence(a) => Prepared::Sequence(Box::new(
            legion_sequence::SequenceRead::read(a, cards, files)?,
        )),
        LegionCommand::Compare(a) => {
            Prepared::Compare(Box::new(compare::LegionCompare::read(a, cards, files)?))
        }
        LegionCommand::Matchups(a) => {
            Prepared::Matchups(Box::new(matchups::Matchups::read(a, cards, files)?))
        }
        LegionCommand::Army(a) => Prepared::Army(Box::new(army::Army::read(a, cards, files)?)),
        LegionCommand::Simulate(a) => {
            Prepared::Simulate(Box::new(simulate::LegionSimulate::read(a, cards, files)?))
        }
        LegionCommand::SimulateSequence(a) => {
            Prepared::SimulateSequence(Box::new(simulate::SequenceSimulate::read(a, cards, files)?))
        }
        LegionCommand::Keywords(l) => Prepared::Keywords(l),
        LegionCommand::Units(a) => {
            let cards = a.cards.read(cards, files)?;
            Prepared::Units(Box::new(a), cards)
        }
    })
}

impl Prepared<'_> {
    /// The work the command will take (see [`super::Prepared::cost`]).
    pub(super) fn cost(&self) -> Result<u64, engine::Error> {
        match self {
            Prepared::Attack(a) => a.cost(),
            Prepared::Sequence(q) => q.cost(),
            Prepared::Compare(c) => c.cost(),
            Prepared::Matchups(m) => m.cost(),
            Prepared::Army(a) => a.cost(),
            Prepared::Simulate(s) => s.cost(),
            Prepared::SimulateSequence(s) => s.cost(),
            Prepared::Keywords(_) => Ok(0),
            Prepared::Units(_, cards) => {
                Ok((cards.all().len() as u64).saturating_mul(LISTED_CARD_WORK))
            }
        }
    }

    /// The command's answer.
    pub(super) fn run(self) -> Result<Answer, Error> {
        match self {
            Prepared::Attack(a) => a.run(),
            Prepared::Sequence(q) => q.run(),
            Prepared::Compare(c) => c.run(),
            Prepared::Matchups(m) => m.run(),
            Prepared::Army(a) => a.run(),
            Prepared::Simulate(s) => s.run(),
            Prepared::SimulateSequence(s) => s.run(),
            Prepared::Keywords(l) => Ok(l.answer(
                crate::listing::legion_keywords::coverage_markdown(),
                crate::listing::legion_keywords::coverage_json(),
            )),
            Prepared::Units(a, cards) => units(&a, &cards),
        }
    }
}

/// `legion attack`, read: the attack.
pub(super) struct Attack {
    scenario: Scenario,
    /// The arguments as given: what the answer shows and how it is printed.
    args: LegionAttackArgs,
}

impl Attack {
    fn read(a: LegionAttackArgs, cards: &Cards, files: &dyn Files) -> Result<Attack, Error> {
        Ok(Attack {
            scenario: a.setup(cards, files)?,
            args: a,
        })
    }

    fn cost(&self) -> Result<u64, engine::Error> {
        use holodice_engine::game::{Game, Legion};
        let render = self
            .args
            .units
            .output
            .render_cost(Legion::words(&self.scenario)?);
        Ok(Legion::cost(&self.scenario)?.saturating_add(render))
    }

    fn run(self) -> Result<Answer, Error> {
        let (a, scenario) = (&self.args, &self.scenario);
        let result = legion::attack::attack(scenario)?;
        let u = &a.units;
        let specs = Specs {
            attacker: &u.attacker,
            defender: &u.defender,
            guardian: u.guardian.as_deref(),
            rolled: a.rolled.as_deref(),
            converted: a.converted.as_deref(),
        };
        let answer = AttackAnswer::new(&specs, scenario, &result);
        let title =
            crate::plot::matchup_title("Legion", &squeeze(&u.attacker), &squeeze(&u.defender));
        finish(
            &answer,
            &u.output,
            (&title, "wounds on the defender", &result.wounds),
        )
    }
}

/// The work of listing one card (its row, its JSON, the upgrades' requirements checked against
/// a unit), in `Game::cost`'s units: the 617 built-in cards take 12 to 27 ms.
const LISTED_CARD_WORK: u64 = 160;

/// `legion units`: what to list, from which files, how.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct UnitsArgs {
    /// List only the cards whose name or title contains this, in any case
    #[cfg_attr(feature = "native", arg(value_name = "QUERY"))]
    query: Option<String>,
    /// The same as QUERY, as an option (the API's key)
    #[cfg_attr(
        feature = "native",
        arg(long, value_name = "TEXT", conflicts_with = "query")
    )]
    name: Option<String>,
    /// Only this faction's cards: empire, rebels, republic, separatists, mercenary, …
    #[cfg_attr(feature = "native", arg(long))]
    faction: Option<String>,
    /// Only units, only upgrades or only counterparts (the minis that join a unit, as C-3PO)
    #[cfg_attr(feature = "native", arg(long = "type", value_name = "TYPE", value_parser = ["unit", "upgrade", "counterpart"]))]
    #[serde(rename = "type")]
    kind: Option<String>,
    /// Only units of this rank: commander, operative, corps, special, support, heavy
    #[cfg_attr(feature = "native", arg(long))]
    rank: Option<String>,
    /// List the upgrades that fit this unit, slot by slot, e.g. --upgrades-for
    /// "Stormtroopers (ay)" (the unit as a SPEC names it without the '@', or its id)
    #[cfg_attr(feature = "native", arg(long = "upgrades-for", value_name = "NAME", conflicts_with_all = ["faction", "kind", "rank"]))]
    upgrades_for: Option<String>,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    cards: LegionCardArgs,
    /// Output format (text: a block per card; the others a table, JSON and YAML its contract)
    #[cfg_attr(feature = "native", arg(long, value_enum, default_value_t = CardsFormat::Text))]
    format: CardsFormat,
}

fn units(a: &UnitsArgs, cards: &Cards) -> Result<Answer, Error> {
    let query = a.query.as_deref().or(a.name.as_deref());
    if let Some(unit) = &a.upgrades_for {
        let grid = crate::listing::legion_units::upgrades(cards, unit, query)?;
        return Ok(listing(&grid, a.format));
    }
    let filter = crate::listing::legion_units::Filter {
        text: query,
        faction: a.faction.as_deref(),
        kind: a.kind.as_deref(),
        rank: a.rank.as_deref(),
    };
    let grid = crate::listing::legion_units::catalog(cards, &filter)?;
    Ok(listing(&grid, a.format))
}
