//! The arguments every Legion command that reads units takes: the units, the card files, the
//! edition, the policy and its objective.

use super::output::OutputArgs;
use super::{with_legion_card_files, Files, PolicyArg};
use crate::error::Error;
#[cfg(feature = "native")]
use clap::Args;
use holodice_engine::game::{Game, Legion};
use holodice_engine::legion::on_table::{OnTable, Resumes};
use holodice_engine::legion::{cards::Cards, Edition, Scenario};
use holodice_engine::policy::{Objective, Policy};
use serde::Deserialize;
use std::path::PathBuf;

#[cfg(feature = "native")]
pub(super) const HELP: &str = "SPECs are comma-separated lists, in any case. Attacker: '4 red', \
'2 black', '1 white', 'surge hit' or 'surge crit', 'aim 1', 'observation 1', 'surge tokens 1', \
'Precise 1', 'Critical 1', 'Pierce 1', 'Impact 1', 'Lethal 1', 'Sharpshooter 1', 'High Velocity', \
'Blast', 'Ion 1', 'Primitive', 'melee' or 'overrun'. Defender: 'red defense' or 'white defense' \
(required), 'surge block', 'dodge 1', 'surge tokens 1', 'cover light' / 'cover heavy' / \
'terrain cover 0..2', 'Cover keyword 1', 'smoke tokens 1', 'suppression 1', 'courage 1', 'Low Profile', \
'Armor', 'Armor 1', 'Shielded 1', 'Impervious', 'Immune: Pierce', 'Danger Sense 1', \
'Uncanny Luck 1', 'Block', 'Outmaneuver', 'Deflect', 'Backup', 'Soresu Mastery', 'wounded 1'. \
Guardian: 'Guardian 2, red defense, surge block, Deflect'. A keyword that needs a board condition \
(Ram, Complete the Mission, Death From Above, Weak Point) means, as an item, that it holds. \
`holodice legion keywords` lists every item (every keyword on Legion HQ's cards included) and the \
step it acts in; docs/legion.md gives the sequence, the greedy policy's exact choices and the \
optimal policy.

Real units (every unit and upgrade of Legion HQ's data is built in; --cards adds Legion HQ's \
cards.json or a YAML list): '@Name' or '@Name (Title)' brings in \
a unit card (dice, surge charts, courage, wounds, minis, keywords, weapons) and '+@UPGRADE' an \
upgrade (a heavy weapon or personnel mini with its weapon, or its keywords); later items override \
or add. The attacker picks its weapons with 'weapon NAME' (repeatable) or 'range N' ('melee' is \
range 0); 'minis N' sets how many minis attack. Conditions the cards can't know are SPEC items: \
'moved' (Ram, Cumbersome, Sniper Team), 'within 1' (Assault), 'overrun', and 'trooper' or \
'vehicle' on a defender without a card (Anti-Personnel, Anti-Materiel). A defender with wounds \
per mini ('wounds N, minis M', 'wounded K') also gets the minis defeated and the chance to wipe it.

Examples:
  holodice legion attack \\
      --attacker \"4 red, 2 black, surge crit, aim 1, Pierce 1\" \\
      --defender \"white defense, surge block, cover light, dodge 1\"
  holodice legion attack \\
      --attacker \"@Stormtroopers, +@DLT-19 Stormtrooper, range 3, aim 1\" \\
      --defender \"@Luke Skywalker (Jedi Knight), dodge 1\"
  holodice legion attack --attacker \"4 red, surge hit, aim 1\" \\
      --rolled \"2 hits, 1 surge, 1 blank\" --defender \"white defense\"
";

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct LegionArgs {
    /// The attacking unit's pool and keywords, e.g. "4 red, 2 black, surge crit, aim 1"
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC"))]
    pub attacker: String,
    /// The defending unit, e.g. "white defense, surge block, cover light, dodge 1"
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC"))]
    pub defender: String,
    /// A unit guarding the defender, e.g. "Guardian 2, red defense, surge block, Deflect"
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC"))]
    pub guardian: Option<String>,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    pub cards: LegionCardArgs,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    pub choices: LegionChoices,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    pub output: OutputArgs,
}

/// `legion attack`: the units, and the results on the table the attack may start from.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct LegionAttackArgs {
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    pub units: LegionArgs,
    /// Start from the attack dice as rolled, before any reroll: every die of the attacker's
    /// pool as 'N [COLOUR] FACE', e.g. "3 red hits, 1 red surge, 1 red blank" (the colour may
    /// be left out when the pool has one)
    #[cfg_attr(
        feature = "native",
        arg(long, value_name = "RESULTS", conflicts_with = "converted")
    )]
    pub rolled: Option<String>,
    /// Start from the results once surges are converted, before dodge and cover: every die as
    /// hits, crits and blanks, e.g. "3 hits, 1 crit, 2 blanks"
    #[cfg_attr(feature = "native", arg(long, value_name = "RESULTS"))]
    pub converted: Option<String>,
}

impl LegionAttackArgs {
    /// The attack's scenario, from the results on the table when they are given.
    pub(super) fn setup(&self, cards: &Cards, files: &dyn Files) -> Result<Scenario, Error> {
        let mut scenario = setup(&self.units, cards, files)?;
        let given = [
            (&self.rolled, Resumes::Reroll),
            (&self.converted, Resumes::Cover),
        ];
        for (text, resumes) in given {
            if let Some(text) = text {
                scenario.on_table = Some(OnTable::parse(text, resumes, &scenario.attacker)?);
            }
        }
        Ok(scenario)
    }
}

/// The card files `@Name` reads.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct LegionCardArgs {
    /// A Legion card file whose units SPECs may name as '@Name': Legion HQ's cards.json or a
    /// YAML list of cards with its field names (repeatable), e.g. --cards cards.json with
    /// --attacker "@Stormtroopers, range 2"
    #[cfg_attr(feature = "native", arg(long = "cards", value_name = "FILE", value_hint = clap::ValueHint::FilePath))]
    pub cards: Vec<PathBuf>,
}

impl LegionCardArgs {
    /// The cards: the command's base, then its files.
    pub(super) fn read<'a>(
        &self,
        base: &'a Cards,
        files: &dyn Files,
    ) -> Result<std::borrow::Cow<'a, Cards>, Error> {
        with_legion_card_files(base, &self.cards, files)
    }
}

/// The readings and choices a Legion attack is computed under.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct LegionChoices {
    /// The rulebook to follow, named by its date (docs/legion.md, "Editions"); amg-2024 and
    /// amg-2021 still name the newest and the oldest
    #[cfg_attr(feature = "native", arg(long, value_name = "EDITION", default_value = "crb-2026-05-29", ignore_case = true, value_parser = edition_parser()))]
    #[serde(deserialize_with = "edition")]
    edition: Edition,
    /// Who makes the choices the rules leave to the players
    #[cfg_attr(feature = "native", arg(long, value_enum, default_value_t = PolicyArg::Greedy))]
    policy: PolicyArg,
    /// What the optimal policy maximises: mean (expected wounds) or atleast:K (the chance of at
    /// least K wounds); for legion sequence, over the whole sequence, and wipe (the chance to
    /// wipe the unit)
    #[cfg_attr(
        feature = "native",
        arg(long, value_name = "OBJECTIVE", default_value = "mean")
    )]
    objective: String,
}

impl LegionChoices {
    /// The edition, the policy and its objective.
    pub(super) fn read(&self) -> Result<Choices, Error> {
        Ok(Choices {
            edition: self.edition,
            policy: self.policy.policy(),
            objective: Legion::objective(&self.objective)?,
        })
    }

    /// These choices on a scenario of no units: what the attacks of a command that makes many
    /// (matchups, sequences) are each made under.
    pub(super) fn scenario(&self) -> Result<Scenario, Error> {
        use holodice_engine::legion::units::{Attacker, Defender};
        let none = Scenario::new(Attacker::default(), Defender::default(), None);
        Ok(self.read()?.apply(none))
    }
}

/// What a Legion command's attacks are made under: the edition, the policy, its objective.
#[derive(Clone, Copy)]
pub(super) struct Choices {
    edition: Edition,
    policy: Policy,
    objective: Objective,
}

impl Choices {
    /// The scenario's units under these choices.
    pub(super) fn apply(self, s: Scenario) -> Scenario {
        Scenario {
            edition: self.edition,
            policy: self.policy,
            objective: self.objective,
            ..s
        }
    }
}

/// An edition by its name or an alias, as `--edition` takes it.
fn edition<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Edition, D::Error> {
    let name = String::deserialize(d)?;
    Edition::parse(&name).map_err(serde::de::Error::custom)
}

/// The editions the engine lists, with their aliases and what sets each apart.
#[cfg(feature = "native")]
fn edition_parser() -> impl clap::builder::TypedValueParser<Value = Edition> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    let values = Edition::ALL.map(|e| {
        PossibleValue::new(e.name())
            .aliases(e.aliases().iter().copied())
            .help(e.summary())
    });
    PossibleValuesParser::new(values)
        .map(|name| Edition::parse(&name).expect("clap accepts only listed names"))
}

/// The scenario of a Legion attack command: its units, edition, policy and objective.
pub(super) fn setup(a: &LegionArgs, cards: &Cards, files: &dyn Files) -> Result<Scenario, Error> {
    let cards = a.cards.read(cards, files)?;
    let scenario = Scenario::parse_with(&a.attacker, &a.defender, a.guardian.as_deref(), &cards)?;
    Ok(a.choices.read()?.apply(scenario))
}
