//! `holodice swtcg …`: the attack, dice of damage, sequences and the listings.

use super::compare;
use super::output::{finish, listing, Answer, CardsFormat, ListingArgs, OutputArgs};
use super::simulate::{self, SimulateSwtcgArgs};
use super::swtcg_args::{
    attack_help, AttackArgs, ChoiceArgs, PayArg, RuleArgs, UnitArgs, UnitReader,
};
use super::{with_card_files, Files};
use crate::listing;
use crate::report::{self, Entry, Value};
use clap::{Args, Subcommand};
use holodice_engine::error::{Error, Input};
use holodice_engine::swtcg::{
    self,
    attack::Scenario,
    cards::Cards,
    keywords::Stat,
    sequence::{Attackers, Sequence, Until},
    unit::Unit,
};
use std::path::PathBuf;

#[derive(Subcommand)]
pub enum SwtcgCommand {
    /// The exact outcome of one attack: hits, damage, chance to destroy, trigger chances
    #[command(after_long_help = attack_help())]
    Attack(SwtcgAttackArgs),
    /// Dice of damage on their own (Ambush, or a Retaliate looked at alone): hits, counters
    #[command(after_long_help = DICE_HELP)]
    Dice(DiceArgs),
    /// Several attacks in order against one defender: counters after each, shots to kill
    #[command(after_long_help = SEQUENCE_HELP)]
    Sequence(SequenceArgs),
    /// Loadouts side by side: each --attacker against each --defender (mean, chance to
    /// destroy, P(≥ k))
    #[command(after_long_help = compare::SWTCG_HELP)]
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
    #[command(after_long_help = CARDS_HELP)]
    Cards(CardsArgs),
    /// How much of the cards' dice-relevant text is modelled, per set and per format
    #[command(after_long_help = COVERAGE_HELP)]
    Coverage(CoverageArgs),
}

/// `swtcg attack`: the attack's arguments and what only the exact attack reads.
#[derive(Args)]
pub struct SwtcgAttackArgs {
    #[command(flatten)]
    pub attack: AttackArgs,
    /// Another unit in the defender's arena: Overkill's extra hits and Area Damage go to it
    #[arg(long, value_name = "SPEC")]
    pub secondary: Option<String>,
    /// A unit that takes the attack: it needs Intercept, or the defender Redirect (the
    /// attacker's Precision keeps the attack on the defender)
    #[arg(long, value_name = "SPEC")]
    pub interceptor: Option<String>,
    #[command(flatten)]
    choices: ChoiceArgs,
    /// Evaluate with and without the Enhance effects ('enhance: ITEM' items, or a card's
    /// enhance field); the main result is with them paid
    #[arg(long)]
    enhance: bool,
}

const DICE_HELP: &str = "Dice of damage are not an attack: each die hits on 4+ (5+ against \
Armor); Accuracy, Critical Hit, Parry and the other attack-roll keywords don't apply. The target's \
Evade, Absorb and Deflect prevent damage unless --unpreventable (the source has Ferocity).

Examples:
  holodice swtcg dice --count 3 --target \"Health 2, Armor\"
  holodice swtcg dice --count 2 --target \"@Red Squadron X-wing\" \\
      --format json
";

#[derive(Args)]
pub struct DiceArgs {
    /// How many dice of damage (the X of Ambush X, Retaliate X, ...)
    #[arg(long, value_name = "X", allow_negative_numbers = true)]
    count: i64,
    /// The unit they are rolled at, e.g. "Health 3, Armor, Evade 1"
    #[arg(long, value_name = "SPEC")]
    target: String,
    /// The source has Ferocity: the damage can't be prevented
    #[arg(long)]
    unpreventable: bool,
    #[command(flatten)]
    units: UnitArgs,
    #[command(flatten)]
    output: OutputArgs,
}

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

#[derive(Args)]
pub struct SequenceArgs {
    /// An attacking unit (repeat for several attackers, one attack each)
    #[arg(long, value_name = "SPEC", required = true)]
    attacker: Vec<String>,
    /// How many times a single --attacker attacks (with --until-destroyed, the most it may; by
    /// default 100, or fewer where the sequence's limits come first, as its output says)
    #[arg(long, value_name = "N")]
    attacks: Option<usize>,
    /// A single --attacker attacks until the defender is destroyed: the distribution of the
    /// attacks needed, their mean, and the chance the defender outlasts the cap (--attacks)
    #[arg(long)]
    until_destroyed: bool,
    /// The defending unit, e.g. "Health 6, Armor"
    #[arg(long, value_name = "SPEC")]
    defender: String,
    #[command(flatten)]
    choices: ChoiceArgs,
    #[command(flatten)]
    rules: RuleArgs,
    #[command(flatten)]
    units: UnitArgs,
    #[command(flatten)]
    output: OutputArgs,
}

pub(super) fn execute(
    command: &SwtcgCommand,
    cards: &Cards,
    files: &dyn Files,
) -> Result<Answer, Error> {
    match command {
        SwtcgCommand::Attack(a) => attack(a, cards, files),
        SwtcgCommand::Dice(a) => dice(a, cards, files),
        SwtcgCommand::Sequence(a) => sequence(a, cards, files),
        SwtcgCommand::Compare(a) => compare::swtcg(a, cards, files),
        SwtcgCommand::Simulate(a) => simulate::swtcg(a, cards, files),
        SwtcgCommand::Keywords(l) => Ok(l.answer(
            listing::swtcg_keywords::coverage_markdown(),
            listing::swtcg_keywords::coverage_json(),
        )),
        SwtcgCommand::Rules(l) => {
            Ok(l.answer(listing::swtcg_rules::text(), listing::swtcg_rules::json()))
        }
        SwtcgCommand::Cards(a) => list_cards(a, cards, files),
        SwtcgCommand::Coverage(a) => coverage(a, cards, files),
    }
}

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
#[derive(Args)]
pub struct CoverageArgs {
    /// Only the units printed in this set: ANH, TMW, KAE, …
    #[arg(long)]
    set: Option<String>,
    /// Only the units legal in this format: standard, vintage, wotc, … (any case)
    #[arg(long, value_name = "FORMAT")]
    legal: Option<String>,
    /// A card file to count with the built-in cards: a LackeyCCG set file or holodice's YAML
    /// (repeatable)
    #[arg(long = "cards", value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    cards: Vec<PathBuf>,
    #[command(flatten)]
    listing: ListingArgs,
}

fn coverage(a: &CoverageArgs, cards: &Cards, files: &dyn Files) -> Result<Answer, Error> {
    let cards = with_card_files(cards, &a.cards, files)?;
    let filter = listing::swtcg_cards::Filter {
        set: a.set.as_deref(),
        legal: listing::swtcg_cards::legal(a.legal.as_deref())?,
        ..Default::default()
    };
    let (text, json) = listing::swtcg_coverage::report(&cards, &filter)?;
    Ok(a.listing.answer(text, json))
}

/// `swtcg cards`: what to list, from which files, how.
#[derive(Args)]
pub struct CardsArgs {
    /// List only the cards whose name contains this, in any case
    #[arg(value_name = "QUERY")]
    query: Option<String>,
    /// The same as QUERY, as an option (the API's key)
    #[arg(long, value_name = "TEXT", conflicts_with = "query")]
    name: Option<String>,
    /// Only the cards printed in this set: ANH, ESB, TMW, KAE, … (holodice swtcg coverage lists
    /// them)
    #[arg(long)]
    set: Option<String>,
    /// Only the cards legal in this format: standard, vintage, wotc, mandoverse, … (any case)
    #[arg(long, value_name = "FORMAT")]
    legal: Option<String>,
    /// Only the cards of this side
    #[arg(long, value_parser = ["light", "dark", "neutral"])]
    side: Option<String>,
    /// Only the units of this arena
    #[arg(long, value_parser = ["space", "ground", "character"])]
    arena: Option<String>,
    /// A card file to list with the built-in cards: holodice's YAML or a LackeyCCG set file
    /// (repeatable)
    #[arg(long = "cards", value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    cards: Vec<PathBuf>,
    /// Output format (text: a block per card; the others a table, JSON and YAML its contract)
    #[arg(long, value_enum, default_value_t = CardsFormat::Text)]
    format: CardsFormat,
}

fn list_cards(a: &CardsArgs, cards: &Cards, files: &dyn Files) -> Result<Answer, Error> {
    let cards = with_card_files(cards, &a.cards, files)?;
    let sources: Vec<String> = a.cards.iter().map(|p| p.display().to_string()).collect();
    let filter = listing::swtcg_cards::Filter {
        text: a.query.as_deref().or(a.name.as_deref()),
        set: a.set.as_deref(),
        side: a.side.as_deref(),
        arena: a.arena.as_deref(),
        legal: listing::swtcg_cards::legal(a.legal.as_deref())?,
    };
    let grid = listing::swtcg_cards::catalog(&cards, &filter, &sources)?;
    Ok(listing(&grid, a.format))
}

fn scenario(
    a: &SwtcgAttackArgs,
    reader: &UnitReader,
    enhance: bool,
    pay: PayArg,
) -> Result<Scenario, Error> {
    let unit = |role: &str, spec: &str, attacking: bool| {
        reader.settle(role, spec, attacking, enhance, pay)
    };
    let other =
        |role: &str, spec: &Option<String>| spec.as_ref().map(|s| unit(role, s, false)).transpose();
    Ok(Scenario {
        attacker: unit("attacker", &a.attack.attacker, true)?,
        defender: unit("defender", &a.attack.defender, false)?,
        secondary: other("secondary", &a.secondary)?,
        interceptor: other("interceptor", &a.interceptor)?,
        mode: a.choices.mode(),
        policy: a.choices.policy(),
        objective: swtcg::attack::objective(&a.choices.objective)?,
        rules: a.attack.rules.rules()?,
        ..Scenario::default()
    })
}

/// The work `command` will take, estimated before it runs (see [`super::cost`]).
pub(super) fn cost(command: &SwtcgCommand, cards: &Cards, files: &dyn Files) -> Result<u64, Error> {
    use holodice_engine::game::{Game, Swtcg};
    match command {
        SwtcgCommand::Attack(a) => {
            let reader = UnitReader::new(&a.attack.units, a.choices.mode(), cards, files)?;
            let s = scenario(a, &reader, a.enhance, reader.pay)?;
            // Without Enhance and without paid abilities, it is made again.
            let times = 1 + u64::from(a.enhance) + u64::from(reader.paid.get());
            let render = a.attack.output.render_cost(Swtcg::words(&s)?);
            Ok(Swtcg::cost(&s)?
                .saturating_mul(times)
                .saturating_add(render))
        }
        SwtcgCommand::Dice(a) => Ok(a.count.unsigned_abs()),
        SwtcgCommand::Sequence(a) => {
            let reader = UnitReader::new(&a.units, a.choices.mode(), cards, files)?;
            let first = Scenario {
                mode: a.choices.mode(),
                policy: a.choices.policy(),
                ..Scenario::new(
                    reader.unit("attacker", &a.attacker[0], true)?,
                    reader.unit("defender", &a.defender, false)?,
                    a.rules.rules()?,
                )
            };
            let attacks = match a.attacker.len() {
                1 => a.attacks.unwrap_or(swtcg::sequence::MAX_ATTACKS),
                n => n,
            };
            let render = a.output.render_cost(Swtcg::words(&first)?);
            Ok((Swtcg::cost(&first)?.saturating_add(render)).saturating_mul(attacks as u64))
        }
        SwtcgCommand::Compare(a) => compare::swtcg_cost(a, cards, files),
        SwtcgCommand::Simulate(a) => simulate::swtcg_cost(a, cards, files),
        _ => Ok(0),
    }
}

fn attack(a: &SwtcgAttackArgs, cards: &Cards, files: &dyn Files) -> Result<Answer, Error> {
    let reader = UnitReader::new(&a.attack.units, a.choices.mode(), cards, files)?;
    let scenario = scenario(a, &reader, a.enhance, reader.pay)?;
    let paid = reader.paid.get();
    let result = swtcg::attack::run(&scenario)?;
    let mut report = report::swtcg::attack_report(&scenario, &result);
    if a.enhance {
        if !reader.enhanceable.get() {
            return Err(Error::about(
                Some(Input::Enhance),
                "--enhance: no unit has an Enhance effect; write it as 'enhance: ITEM' in a SPEC \
                 or as a card's enhance field",
            ));
        }
        let without = swtcg::attack::run(&self::scenario(a, &reader, false, reader.pay)?)?;
        insert_before_rules(&mut report, "without_enhance", "Without Enhance", &without);
    }
    if paid {
        let without = swtcg::attack::run(&self::scenario(a, &reader, a.enhance, PayArg::None)?)?;
        let label = "Without paid abilities";
        insert_before_rules(&mut report, "without_paid", label, &without);
    }
    let title = crate::plot::matchup_title(
        "SWTCG",
        &scenario.attacker.describe(),
        &scenario.defender.describe(),
    );
    let chart = (
        title.as_str(),
        "damage counters on the defender",
        &result.damage,
    );
    finish(&report, &a.attack.output, chart)
}

/// Adds an attack computed another way (without Enhance, without paid abilities) as a group of
/// its damage and chance to destroy, before the rules.
fn insert_before_rules(
    report: &mut crate::report::Report,
    key: &str,
    label: &str,
    other: &swtcg::attack::Attack,
) {
    let mut group = vec![Entry::new(
        "damage",
        "damage",
        Value::Dist(other.damage.clone()),
    )];
    if let Some(p) = &other.destroyed {
        group.push(Entry::new("destroyed", "destroyed", Value::Prob(p.clone())));
    }
    let at = report
        .entries
        .iter()
        .position(|e| e.key == "rules")
        .unwrap_or(report.entries.len());
    report
        .entries
        .insert(at, Entry::new(key, label, Value::Group(group)));
}

fn dice(a: &DiceArgs, cards: &Cards, files: &dyn Files) -> Result<Answer, Error> {
    if a.count < 0 {
        return Err(Error::about(
            Some(Input::Count),
            format!(
                "--count {}: give a whole number of dice, 0 or more",
                a.count
            ),
        ));
    }
    let reader = UnitReader::new(&a.units, None, cards, files)?;
    let target = reader.unit("target", &a.target, false)?;
    let result = swtcg::attack::dice(a.count, &target, a.unpreventable)?;
    let report = report::swtcg::dice_report(&target, &result);
    let title = format!(
        "SWTCG: {} dice of damage against {}",
        a.count,
        target.describe()
    );
    finish(
        &report,
        &a.output,
        (&title, "damage counters on the target", &result.damage),
    )
}

fn sequence(a: &SequenceArgs, cards: &Cards, files: &dyn Files) -> Result<Answer, Error> {
    let mode = a.choices.mode();
    let reader = UnitReader::new(&a.units, mode, cards, files)?;
    let mut units = a
        .attacker
        .iter()
        .map(|spec| reader.unit("attacker", spec, true))
        .collect::<Result<Vec<Unit>, Error>>()?;
    let attackers =
        match (units.len(), a.attacks) {
            (1, None) if a.until_destroyed => {
                Attackers::Same(units.remove(0), swtcg::sequence::MAX_ATTACKS)
            }
            (_, _) if a.until_destroyed && units.len() > 1 => return Err(Error::about(
                Some(Input::UntilDestroyed),
                "--until-destroyed repeats one --attacker until the defender is destroyed: give \
                 a single --attacker",
            )),
            (1, Some(n)) => Attackers::Same(units.remove(0), n),
            (1, None) => return Err(Error::input(
                "one --attacker needs --attacks N (how many times it attacks); or give several \
                 --attacker, one attack each",
            )),
            (_, None) => Attackers::Each(units),
            (_, Some(_)) => {
                return Err(Error::about(
                    Some(Input::Attacks),
                    "--attacks repeats a single --attacker; with several --attacker each attacks \
                 once: drop --attacks",
                ))
            }
        };
    let defender = reader.unit("defender", &a.defender, false)?;
    if a.until_destroyed && defender.stat(Stat::Health).is_none() {
        return Err(Error::about(
            Some(Input::UntilDestroyed),
            "--until-destroyed: the defender has no Health, so it is never destroyed; give it \
             one, as in 'Health 5'",
        ));
    }
    let s = Sequence {
        attackers,
        defender,
        mode,
        policy: a.choices.policy(),
        objective: swtcg::attack::objective(&a.choices.objective)?,
        rules: a.rules.rules()?,
        until: match (a.until_destroyed, a.attacks) {
            (false, _) => Until::AllAttacks,
            (true, Some(_)) => Until::Destroyed,
            (true, None) => Until::DestroyedWithinLimits,
        },
    };
    let result = swtcg::sequence::sequence(&s)?;
    let report = report::swtcg::sequence_report(&s, &result);
    let needed = result.attacks_needed().filter(|_| a.until_destroyed);
    let chart = match &needed {
        Some(d) => ("SWTCG: attacks until destroyed", "attacks needed", d),
        None => (
            "SWTCG attack sequence",
            "damage counters on the defender after the last attack",
            result.counters_after.last().expect("at least one attack"),
        ),
    };
    finish(&report, &a.output, chart)
}
