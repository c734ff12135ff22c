//! `holodice legion sequence`: several attacks on one unit, in order, the unit carrying its
//! wounds, minis and suppression from one to the next.

use super::legion_args::{LegionCardArgs, LegionChoices};
use super::output::{finish, Answer, OutputArgs};
use super::Files;
use clap::{Args, ValueEnum};
use holodice_engine::legion::cards::Cards;
use holodice_engine::legion::sequence::{self, SuppressionGained};
use holodice_engine::legion::units::{Attacker, Defender};
use holodice_engine::legion::Scenario;
use holodice_engine::Error;

pub(super) const HELP: &str = "The attacks are made in the order given, each by its own \
attacker SPEC (any `legion attack` attacker, @cards included), on one defending unit that \
carries from one attack to the next the wounds it has taken (a wound token on its current mini, \
the minis it has left: a wiped unit takes no more) and its suppression tokens: a ranged attack \
gives one (--suppression-gained says when), Suppressive one more, and a unit whose tokens reach \
its courage is suppressed, which raises its cover for the next shot. The answer: the total \
wounds, minis defeated and the chance to wipe, the suppression at the end with the chance the \
unit is suppressed and panics (twice its courage), and each attack's wounds and the chance it \
wipes the unit. Each attack's tokens (aim, dodge, …) are its own SPEC's. The defender's dodge, \
shield and surge tokens are not carried yet: a SPEC giving them is refused.

A charging unit's free melee attack, then its action's attack: two --attack, the first with \
'melee'. Two units focusing fire: one --attack each.

Examples:
  holodice legion sequence --defender \"@Rebel Troopers, cover light\" \\
      --attack \"@Stormtroopers, range 2\" --attack \"@Stormtroopers, range 2\"
  holodice legion sequence --defender \"@Stormtroopers\" \\
      --attack \"@Wookiee Warriors (Noble Fighters), melee\" \\
      --attack \"@Wookiee Warriors (Noble Fighters), melee\"
";

#[derive(Args)]
pub struct SequenceArgs {
    /// An attack, its attacker's SPEC (repeat: the attacks are made in order), e.g.
    /// "@Stormtroopers, range 2, aim 1"
    #[arg(long = "attack", value_name = "SPEC", required = true)]
    attacks: Vec<String>,
    /// The defending unit, e.g. "@Rebel Troopers, cover light" or "white defense, wounds 1,
    /// minis 4, courage 1"
    #[arg(long, value_name = "SPEC")]
    defender: String,
    /// When a ranged attack gives the defender a suppression token: hits (its roll holds a hit
    /// or crit once surges are converted) or always
    #[arg(long, value_enum, default_value_t = Gained::Hits)]
    suppression_gained: Gained,
    #[command(flatten)]
    cards: LegionCardArgs,
    #[command(flatten)]
    choices: LegionChoices,
    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Gained {
    /// When the attack roll holds a hit or crit once surges are converted
    Hits,
    /// After every ranged attack, whatever it rolled
    Always,
}

impl SequenceArgs {
    fn gained(&self) -> SuppressionGained {
        match self.suppression_gained {
            Gained::Hits => SuppressionGained::Hits,
            Gained::Always => SuppressionGained::Always,
        }
    }

    fn choices(&self) -> Result<Scenario, Error> {
        let default = Scenario::new(Attacker::default(), Defender::default(), None);
        Ok(self.choices.read()?.apply(default))
    }
}

pub(super) fn answer(a: &SequenceArgs, cards: &Cards, files: &dyn Files) -> Result<Answer, Error> {
    let cards = a.cards.read(cards, files)?;
    let choices = a.choices()?;
    let attacks: Vec<&str> = a.attacks.iter().map(String::as_str).collect();
    let result = sequence::sequence(&attacks, &a.defender, &cards, &choices, a.gained())?;
    let report = crate::report::legion_sequence::sequence_report(
        &a.attacks,
        &a.defender,
        &choices,
        a.gained(),
        &result,
    );
    finish(
        &report,
        &a.output,
        (
            "Legion attack sequence",
            "wounds on the defender",
            &result.wounds,
        ),
    )
}

/// The work the sequence takes, as it estimates it before any attack.
pub(super) fn cost(a: &SequenceArgs, cards: &Cards, files: &dyn Files) -> Result<u64, Error> {
    let cards = a.cards.read(cards, files)?;
    let attacks: Vec<&str> = a.attacks.iter().map(String::as_str).collect();
    sequence::estimate(&attacks, &a.defender, &cards, &a.choices()?)
}
