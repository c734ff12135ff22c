//! `holodice swtcg …`: the attack, dice of damage, sequences and the listings.

use super::compare;
use super::output::{finish, listing, Answer, CardsFormat, ListingArgs, OutputArgs};
use super::simulate::{self, SimulateSwtcgArgs};
use super::swtcg_args::{
    self as args, ChoiceArgs, PayArg, RuleArgs, SwtcgAttackArgs, UnitArgs, UnitReader,
};
use super::{with_card_files, Files};
use crate::error::Error;
use crate::listing;
use crate::report::swtcg::{AttackAnswer, DiceAnswer, SequenceAnswer, Unpaid};
#[cfg(feature = "native")]
use clap::{Args, Subcommand};
use holodice_engine::error::{self as engine, Input};
use holodice_engine::swtcg::{
    self,
    attack::Scenario,
    cards::Cards,
    keywords::Stat,
    sequence::{Attackers, Sequence, Until},
    unit::Unit,
};
use serde::Deserialize;
use std::borrow::Cow;
use std::path::PathBuf;

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Subcommand))]
#[serde(rename_all = "kebab-case")]
pub enum SwtcgCommand {
    /// The exact outcome of one attack: hits, damage, chance to destroy, trigger chances
    #[cfg_attr(feature = "native", command(after_long_help = super::swtcg_args::attack_help()))]
    Attack(SwtcgAttackArgs),
    /// Dice of damage on their own (Ambush, or a Retaliate looked at alone): hits, counters
    #[cfg_attr(feature = "native", command(after_long_help = DICE_HELP))]
    Dice(DiceArgs),
    /// Several attacks in order against one defender: counters after each, shots to kill
    #[cfg_attr(feature = "native", command(after_long_help = SEQUENCE_HELP))]
    Sequence(SequenceArgs),
    /// Loadouts side by side: each --attacker against each --defender (mean, chance to
    /// destroy, P(≥ k))
    #[cfg_attr(feature = "native", command(after_long_help = compare::SWTCG_HELP))]
    Compare(compare::SwtcgCompareArgs),
    /// Roll the same attack (or dice of damage) physically, many times, and compare with the
    /// exact answer
    Simulate(SimulateSwtcgArgs),
    /// List every keyword and how it is modelled (a Markdown table)
    Keywords(ListingArgs),
    /// List the rule options (readings the rules leave open) with their values
    Rules(ListingArgs),
    /// List the cards '@Name' can name (built-in and --cards files) and what was read from
    /// their text
    #[cfg_attr(feature = "native", command(after_long_help = CARDS_HELP))]
    Cards(CardsArgs),
    /// How much of the cards' dice-relevant text is modelled, per set and per format
    #[cfg_attr(feature = "native", command(after_long_help = COVERAGE_HELP))]
    Coverage(CoverageArgs),
}

#[cfg(feature = "native")]
const DICE_HELP: &str = "Dice of damage are not an attack: each die hits on 4+ (5+ against \
Armor); Accuracy, Critical Hit, Parry and the other attack-roll keywords don't apply. The target's \
Evade, Absorb and Deflect prevent damage unless --unpreventable (the source has Ferocity).

Examples:
  holodice swtcg dice --count 3 --target \"Health 2, Armor\"
  holodice swtcg dice --count 2 --target \"@Red Squadron X-wing\" \\
      --format json
";

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct DiceArgs {
    /// How many dice of damage (the X of Ambush X, Retaliate X, ...)
    #[cfg_attr(
        feature = "native",
        arg(long, value_name = "X", allow_negative_numbers = true)
    )]
    count: i64,
    /// The unit they are rolled at, e.g. "Health 3, Armor, Evade 1"
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC"))]
    target: String,
    /// The source has Ferocity: the damage can't be prevented
    #[cfg_attr(feature = "native", arg(long))]
    unpreventable: bool,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    units: UnitArgs,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    output: OutputArgs,
}

#[cfg(feature = "native")]
const SEQUENCE_HELP: &str = "One --attacker with --attacks N: the same unit attacks N times; its \
damage counters, Focus, Absorb and Surge power for its next attack and the defender's Stun \
carry over. Several --attacker: each attacks once, in order, and only Surge's power passes to the \
next attacker. The defender's counters carry throughout; the sequence stops when it is \
discarded. --until-destroyed: one --attacker attacks until the defender is destroyed, at most \
--attacks times (the cap): the attacks needed, their mean, and the chance the defender outlasts \
the cap. docs/rules.md states each reading.

Examples:
  holodice swtcg sequence --attacker \"Power 8\" --attacks 10 \\
      --defender \"Health 30\"
  holodice swtcg sequence --attacker \"Power 6, Critical Hit 1\" \\
      --defender \"Health 20, Armor\" --until-destroyed
  holodice swtcg sequence --attacker \"Power 4, Focus 2\" --attacker \"Power 3\" \\
      --defender \"Health 5, Armor\"
";

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct SequenceArgs {
    /// An attacking unit (repeat for several attackers, one attack each)
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC", required = true))]
    attacker: Vec<String>,
    /// How many times a single --attacker attacks (with --until-destroyed, the most it may; by
    /// default 100, or fewer where the sequence's limits come first, as its output says)
    #[cfg_attr(feature = "native", arg(long, value_name = "N"))]
    attacks: Option<usize>,
    /// A single --attacker attacks until the defender is destroyed: the distribution of the
    /// attacks needed, their mean, and the chance the defender outlasts the cap (--attacks)
    #[cfg_attr(feature = "native", arg(long))]
    until_destroyed: bool,
    /// The defending unit, e.g. "Health 6, Armor"
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC"))]
    defender: String,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    choices: ChoiceArgs,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    rules: RuleArgs,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    units: UnitArgs,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    output: OutputArgs,
}

/// An SWTCG command, its arguments read: what its estimate and its run both start from.
pub(super) enum Prepared<'a> {
    /// `swtcg attack`.
    Attack(Box<Attack>),
    /// `swtcg dice`.
    Dice(Box<Dice>),
    /// `swtcg sequence`.
    Sequence(Box<SequenceRead>),
    /// `swtcg compare`.
    Compare(compare::SwtcgCompare),
    /// `swtcg simulate`.
    Simulate(Box<simulate::SwtcgSimulate>),
    /// `swtcg keywords`.
    Keywords(ListingArgs),
    /// `swtcg rules`.
    Rules(ListingArgs),
    /// `swtcg cards`, with the cards it lists.
    Cards(CardsArgs, Cow<'a, Cards>),
    /// `swtcg coverage`, with the cards it counts.
    Coverage(CoverageArgs, Cow<'a, Cards>),
}

/// Reads `command`'s arguments: its units, card files and options, each once.
pub(super) fn prepare<'a>(
    command: SwtcgCommand,
    cards: &'a Cards,
    files: &dyn Files,
) -> Result<Prepared<'a>, Error> {
    Ok(match command {
        SwtcgCommand::Attack(a) => Prepared::Attack(Box::new(Attack::read(a, cards, files)?)),
        SwtcgCommand::Dice(a) => Prepared::Dice(Box::new(Dice::read(a, cards, files)?)),
        SwtcgCommand::Sequence(a) => {
            Prepared::Sequence(Box::new(SequenceRead::read(a, cards, files)?))
        }
        SwtcgCommand::Compare(a) => {
            Prepared::Compare(compare::SwtcgCompare::read(a, cards, files)?)
        }
        SwtcgCommand::Simulate(a) => {
            Prepared::Simulate(Box::new(simulate::SwtcgSimulate::read(a, cards, files)?))
        }
        SwtcgCommand::Keywords(l) => Prepared::Keywords(l),
        SwtcgCommand::Rules(l) => Prepared::Rules(l),
        SwtcgCommand::Cards(a) => {
            let cards = with_card_files(cards, &a.cards, files)?;
            Prepared::Cards(a, cards)
        }
        SwtcgCommand::Coverage(a) => {
            let cards = with_card_files(cards, &a.cards, files)?;
            Prepared::Coverage(a, cards)
        }
    })
}

impl Prepared<'_> {
    /// The work the command will take (see [`super::Prepared::cost`]); listings are 0.
    pub(super) fn cost(&self) -> Result<u64, engine::Error> {
        match self {
            Prepared::Attack(a) => a.cost(),
            Prepared::Dice(d) => Ok(d.count.unsigned_abs()),
            Prepared::Sequence(q) => q.cost(),
            Prepared::Compare(c) => c.cost(),
            Prepared::Simulate(s) => s.cost(),
            _ => Ok(0),
        }
    }

    /// The command's answer.
    pub(super) fn run(self) -> Result<Answer, Error> {
        match self {
            Prepared::Attack(a) => a.run(),
            Prepared::Dice(d) => d.run(),
            Prepared::Sequence(q) => q.run(),
            Prepared::Compare(c) => c.run(),
            Prepared::Simulate(s) => s.run(),
            Prepared::Keywords(l) => Ok(l.answer(
                listing::swtcg_keywords::coverage_markdown(),
                listing::swtcg_keywords::coverage_json(),
            )),
            Prepared::Rules(l) => {
                Ok(l.answer(listing::swtcg_rules::text(), listing::swtcg_rules::json()))
            }
            Prepared::Cards(a, cards) => list_cards(&a, &cards),
            Prepared::Coverage(a, cards) => coverage(&a, &cards),
        }
    }
}

#[cfg(feature = "native")]
const CARDS_HELP: &str = "The built-in cards are the units of 27 LackeyCCG set files: the ten \
sets Wizards of the Coast printed (AOTC, SR, ANH, BOY, JG, ESB, RAS, PM, ROTJ, ROTS) and 17 of the \
IDC's (the ten of Standard, KAE, TM, TROS, 15TH, AAA, FOR, BOTS, TMW, BOBF, IA; Vintage's FOTR, \
SAV, BOE, RAW, ION, BOH; and SITH), with their printed facts and the SPEC items holodice reads from \
their text, without the text (data/swtcg/SOURCE.md). --legal keeps the cards of a format's sets, \
as LackeyCCG's formats.txt defines them: Standard, Vintage, WOTC, \"World Championship 2022\", \
\"The Mandalorian Way\", Mandoverse, TOR, REP/CW, REB, NEW, RES, LEG (any case; the part after \
\" - \" may be left out). A card file is holodice's YAML (docs/cards.md) or a LackeyCCG set file: \
the Star Wars plugin keeps them in plugins/starwars/sets/ inside LackeyCCG's folder (ANH.txt, \
TUF.txt, …). From a set file's Text column, abilities that are exactly a keyword become SPEC \
items, Force-paid ones ('Pay 2 Force -> Evade 2', 'Pay 1 Force -> This unit gets Ferocity for \
this attack') become 'pay:' items (--pay), a Pilot's grants become what it gives the unit it is \
stacked under, and the rest is listed as not modelled, also in every result that uses the card. \
A card of a later file replaces the built-in printing of its set. QUERY matches card names in any \
case; a name without its version ('Darth Vader') names its only version, a name with a comma is \
quoted ('@\"Destroyer Droid, P Series\"'), and a name printed differently in several sets is \
named with its set: '@R2-D2 (U) [TROS]' (any card may be).

Examples:
  holodice swtcg cards vader
  holodice swtcg cards --legal standard --side dark --arena space
  holodice swtcg cards --set ANH --side dark --arena space
  holodice swtcg cards x-wing --format json
  holodice swtcg cards --cards TUF.txt pellaeon
  holodice swtcg attack --attacker \"@Luke Skywalker (A)\" \\
      --defender \"@Darth Vader (A)\" --pay defender
";

#[cfg(feature = "native")]
const COVERAGE_HELP: &str = "For each set, then each format: its units; those fully modelled, \
whose every ability holodice does not model has no effect on an attack's dice; those with any \
ability not modelled (a result that uses one lists them); and the most common patterns of what is \
not modelled, those that can change the dice marked '*'. Each ability is given its pattern when \
the set file is read, by the phrases of data/swtcg/patterns.yaml (the built-in cards keep the \
patterns, not the text). --set and --legal narrow it; --cards adds set files of your own.

Examples:
  holodice swtcg coverage
  holodice swtcg coverage --legal standard
  holodice swtcg coverage --set TMW --format json
";

/// `swtcg coverage`: which cards, from which files, how.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct CoverageArgs {
    /// Only the units printed in this set: ANH, TMW, KAE, …
    #[cfg_attr(feature = "native", arg(long))]
    set: Option<String>,
    /// Only the units legal in this format: standard, vintage, wotc, … (any case)
    #[cfg_attr(feature = "native", arg(long, value_name = "FORMAT"))]
    legal: Option<String>,
    /// A card file to count with the built-in cards: a LackeyCCG set file or holodice's YAML
    /// (repeatable)
    #[cfg_attr(feature = "native", arg(long = "cards", value_name = "FILE", value_hint = clap::ValueHint::FilePath))]
    cards: Vec<PathBuf>,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    listing: ListingArgs,
}

fn coverage(a: &CoverageArgs, cards: &Cards) -> Result<Answer, Error> {
    let filter = listing::swtcg_cards::Filter {
        set: a.set.as_deref(),
        legal: listing::swtcg_cards::legal(a.legal.as_deref())?,
        ..Default::default()
    };
    let (text, json) = listing::swtcg_coverage::report(cards, &filter)?;
    Ok(a.listing.answer(text, json))
}

/// `swtcg cards`: what to list, from which files, how.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct CardsArgs {
    /// List only the cards whose name contains this, in any case
    #[cfg_attr(feature = "native", arg(value_name = "QUERY"))]
    query: Option<String>,
    /// The same as QUERY, as an option (the API's key)
    #[cfg_attr(
        feature = "native",
        arg(long, value_name = "TEXT", conflicts_with = "query")
    )]
    name: Option<String>,
    /// Only the cards printed in this set: ANH, ESB, TMW, KAE, … (holodice swtcg coverage lists
    /// them)
    #[cfg_attr(feature = "native", arg(long))]
    set: Option<String>,
    /// Only the cards legal in this format: standard, vintage, wotc, mandoverse, … (any case)
    #[cfg_attr(feature = "native", arg(long, value_name = "FORMAT"))]
    legal: Option<String>,
    /// Only the cards of this side
    #[cfg_attr(feature = "native", arg(long, value_parser = ["light", "dark", "neutral"]))]
    side: Option<String>,
    /// Only the units of this arena
    #[cfg_attr(feature = "native", arg(long, value_parser = ["space", "ground", "character"]))]
    arena: Option<String>,
    /// A card file to list with the built-in cards: holodice's YAML or a LackeyCCG set file
    /// (repeatable)
    #[cfg_attr(feature = "native", arg(long = "cards", value_name = "FILE", value_hint = clap::ValueHint::FilePath))]
    cards: Vec<PathBuf>,
    /// Output format (text: a block per card; the others a table, JSON and YAML its contract)
    #[cfg_attr(feature = "native", arg(long, value_enum, default_value_t = CardsFormat::Text))]
    format: CardsFormat,
}

fn list_cards(a: &CardsArgs, cards: &Cards) -> Result<Answer, Error> {
    let sources: Vec<String> = a.cards.iter().map(|p| p.display().to_string()).collect();
    let filter = listing::swtcg_cards::Filter {
        text: a.query.as_deref().or(a.name.as_deref()),
        set: a.set.as_deref(),
        side: a.side.as_deref(),
        arena: a.arena.as_deref(),
        legal: listing::swtcg_cards::legal(a.legal.as_deref())?,
    };
    let grid = listing::swtcg_cards::catalog(cards, &filter, &sources)?;
    Ok(listing(&grid, a.format))
}

/// `swtcg attack`, read: the attack, and beside it the same attack without Enhance
/// (`--enhance`) and without paid abilities (when a unit pays for one).
pub(super) struct Attack {
    scenario: Scenario,
    /// With `--enhance`, the attack with the Enhance effects unpaid.
    without_enhance: Option<Scenario>,
    /// Whether any unit has an Enhance effect for `--enhance` to compare.
    enhanceable: bool,
    /// The attack with no ability paid, when a unit pays for one.
    without_paid: Option<Scenario>,
    output: OutputArgs,
}

impl Attack {
    fn read(a: SwtcgAttackArgs, cards: &Cards, files: &dyn Files) -> Result<Attack, Error> {
        let (units, setting, pay) = a.read(cards, files)?;
        let scenario = |enhance: bool, pay: PayArg| units.scenario(&setting, enhance, pay);
        Ok(Attack {
            scenario: scenario(a.enhance, pay)?,
            without_enhance: a.enhance.then(|| scenario(false, pay)).transpose()?,
            enhanceable: units.enhanceable(),
            without_paid: (units.pays(pay))
                .then(|| scenario(a.enhance, PayArg::None))
                .transpose()?,
            output: a.attack.output,
        })
    }

    /// The attack's work, and each attack made again beside it.
    fn cost(&self) -> Result<u64, engine::Error> {
        use holodice_engine::game::{Game, Swtcg};
        let again = [&self.without_enhance, &self.without_paid];
        let times = 1 + again.iter().filter(|s| s.is_some()).count() as u64;
        let render = self.output.render_cost(Swtcg::words(&self.scenario)?);
        Ok(Swtcg::cost(&self.scenario)?
            .saturating_mul(times)
            .saturating_add(render))
    }

    fn run(self) -> Result<Answer, Error> {
        let result = swtcg::attack::run(&self.scenario)?;
        let mut answer = AttackAnswer::new(&self.scenario, &result);
        if let Some(unpaid) = &self.without_enhance {
            if !self.enhanceable {
                return Err(args::no_enhance());
            }
            answer.without_enhance = Some(Unpaid::new(&swtcg::attack::run(unpaid)?));
        }
        if let Some(unpaid) = &self.without_paid {
            answer.without_paid = Some(Unpaid::new(&swtcg::attack::run(unpaid)?));
        }
        let title = crate::plot::matchup_title(
            "SWTCG",
            &self.scenario.attacker.describe(),
            &self.scenario.defender.describe(),
        );
        let chart = (
            title.as_str(),
            "damage counters on the defender",
            &result.damage,
        );
        finish(&answer, &self.output, chart)
    }
}

/// `swtcg dice`, read: the dice and the unit they are rolled at.
pub(super) struct Dice {
    /// How many dice, 0 or more.
    count: i64,
    target: Unit,
    /// Whether the target can't prevent the damage (Ferocity).
    unpreventable: bool,
    output: OutputArgs,
}

impl Dice {
    fn read(a: DiceArgs, cards: &Cards, files: &dyn Files) -> Result<Dice, Error> {
        if a.count < 0 {
            return Err(engine::Error::about(
                Some(Input::Count),
                format!(
                    "--count {}: give a whole number of dice, 0 or more",
                    a.count
                ),
            )
            .into());
        }
        let reader = UnitReader::new(&a.units, None, cards, files)?;
        Ok(Dice {
            count: a.count,
            target: reader.unit("target", &a.target, false)?,
            unpreventable: a.unpreventable,
            output: a.output,
        })
    }

    fn run(self) -> Result<Answer, Error> {
        let result = swtcg::attack::dice(self.count, &self.target, self.unpreventable)?;
        let answer = DiceAnswer::new(&self.target, &result);
        let title = format!(
            "SWTCG: {} dice of damage against {}",
            self.count,
            self.target.describe()
        );
        finish(
            &answer,
            &self.output,
            (&title, "damage counters on the target", &result.damage),
        )
    }
}

/// `swtcg sequence`, read: the sequence, and its first attack, which the estimate counts once
/// per attack.
pub(super) struct SequenceRead {
    sequence: Sequence,
    /// The first attack, whose work the estimate counts for each attack.
    first: Scenario,
    /// Whether the answer is the attacks needed (`--until-destroyed`).
    until_destroyed: bool,
    output: OutputArgs,
}

impl SequenceRead {
    fn read(a: SequenceArgs, cards: &Cards, files: &dyn Files) -> Result<SequenceRead, Error> {
        let mode = a.choices.mode();
        let reader = UnitReader::new(&a.units, mode, cards, files)?;
        let mut units = a
            .attacker
            .iter()
            .map(|spec| reader.unit("attacker", spec, true))
            .collect::<Result<Vec<Unit>, Error>>()?;
        let first = units[0].clone();
        let attackers = match (units.len(), a.attacks) {
            (1, None) if a.until_destroyed => {
                Attackers::Same(units.remove(0), swtcg::sequence::MAX_ATTACKS)
            }
            (_, _) if a.until_destroyed && units.len() > 1 => return Err(engine::Error::about(
                Some(Input::UntilDestroyed),
                "--until-destroyed repeats one --attacker until the defender is destroyed: give \
                 a single --attacker",
            )
            .into()),
            (1, Some(n)) => Attackers::Same(units.remove(0), n),
            (1, None) => return Err(engine::Error::input(
                "one --attacker needs --attacks N (how many times it attacks); or give several \
                 --attacker, one attack each",
            )
            .into()),
            (_, None) => Attackers::Each(units),
            (_, Some(_)) => {
                return Err(engine::Error::about(
                    Some(Input::Attacks),
                    "--attacks repeats a single --attacker; with several --attacker each attacks \
                 once: drop --attacks",
                )
                .into())
            }
        };
        let defender = reader.unit("defender", &a.defender, false)?;
        if a.until_destroyed && defender.stat(Stat::Health).is_none() {
            return Err(engine::Error::about(
                Some(Input::UntilDestroyed),
                "--until-destroyed: the defender has no Health, so it is never destroyed; give it \
                 one, as in 'Health 5'",
            )
            .into());
        }
        let setting = a.choices.read(&a.rules)?;
        let first = setting.attack(first, defender.clone());
        let sequence = Sequence {
            attackers,
            defender,
            mode,
            policy: first.policy,
            objective: first.objective,
            rules: first.rules.clone(),
            until: match (a.until_destroyed, a.attacks) {
                (false, _) => Until::AllAttacks,
                (true, Some(_)) => Until::Destroyed,
                (true, None) => Until::DestroyedWithinLimits,
            },
        };
        Ok(SequenceRead {
            sequence,
            first,
            until_destroyed: a.until_destroyed,
            output: a.output,
        })
    }

    /// The first attack's work (and its output's) once per attack.
    fn cost(&self) -> Result<u64, engine::Error> {
        use holodice_engine::game::{Game, Swtcg};
        let attacks = match &self.sequence.attackers {
            Attackers::Same(_, n) => *n,
            Attackers::Each(units) => units.len(),
        };
        let render = self.output.render_cost(Swtcg::words(&self.first)?);
        Ok((Swtcg::cost(&self.first)?.saturating_add(render)).saturating_mul(attacks as u64))
    }

    fn run(self) -> Result<Answer, Error> {
        let s = &self.sequence;
        let result = swtcg::sequence::sequence(s)?;
        let answer = SequenceAnswer::new(s, &result);
        let needed = result.attacks_needed().filter(|_| self.until_destroyed);
        let chart = match &needed {
            Some(d) => ("SWTCG: attacks until destroyed", "attacks needed", d),
            None => (
                "SWTCG attack sequence",
                "damage counters on the defender after the last attack",
                result.counters_after.last().expect("at least one attack"),
            ),
        };
        finish(&answer, &self.output, chart)
    }
}
