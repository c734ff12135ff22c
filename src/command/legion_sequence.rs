//! `holodice legion sequence`: several attacks on one unit, in order, the unit carrying its
//! wounds, minis and suppression from one to the next.

use super::legion_args::{LegionCardArgs, LegionChoices};
use super::output::{finish, Answer, OutputArgs};
use super::Files;
use crate::error::Error;
use crate::report::legion_sequence::{Asked, SequenceAnswer};
#[cfg(feature = "native")]
use clap::{Args, ValueEnum};
use holodice_engine::error as engine;
use holodice_engine::error::Input;
use holodice_engine::legion::cards::Cards;
use holodice_engine::legion::sequence::{self, LegionSequence, SuppressionGained};
use holodice_engine::legion::Scenario;
use serde::Deserialize;
use std::borrow::Cow;

#[cfg(feature = "native")]
pub(super) const HELP: &str = "The attacks are made in the order given, each by its own \
attacker SPEC (any `legion attack` attacker, @cards included), on one defending unit that \
carries from one attack to the next the wounds it has taken (a wound token on its current mini, \
the minis it has left: a wiped unit takes no more) and its suppression tokens: a ranged attack \
gives one (--suppression-gained says when), Suppressive one more, and a unit whose tokens reach \
its courage is suppressed, which raises its cover for the next shot. The answer: the total \
wounds, minis defeated and the chance to wipe, the suppression at the end with the chance the \
unit is suppressed and panics (twice its courage), and each attack's wounds and the chance it \
wipes the unit. The defender's dodge, shield and surge tokens carry too (spent cancelling \
results or converting surges; Nimble gives a dodge back). Each attack's own tokens (aim, \
observation, surge) are its SPEC's. --guardian SPEC guards the unit against the ranged \
attacks, carrying its wounds (a wiped guardian guards no more) and the dodge and surge tokens \
it spends.

--until-wiped repeats one --attack until the defender is wiped, at most --attacks times (default \
30): the chance each attack is the one, the chance the unit outlasts them, and their mean.

--charge: the first --attack's unit charges (Charge): its free attack with only its melee weapons, \
then its action's attack, in melee too (an engaged unit attacks in melee), then the other --attack. \
Tokens it spends in one of them (aim, …) can't be in the SPEC both share: give them as two \
--attack instead. Two units focusing fire: one --attack each.

Examples:
  holodice legion sequence --defender \"@Rebel Troopers, cover light\" \\
      --attack \"@Stormtroopers, range 2\" --attack \"@Stormtroopers, range 2\"
  holodice legion sequence --defender \"@Stormtroopers\" \\
      --attack \"@Wookiee Warriors (Noble Fighters)\" --charge
  holodice legion sequence --defender \"@Stormtroopers, cover light\" \\
      --attack \"@Rebel Troopers, range 2\" --until-wiped
";

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct SequenceArgs {
    /// An attack, its attacker's SPEC (repeat: the attacks are made in order), e.g.
    /// "@Stormtroopers, range 2, aim 1"
    #[cfg_attr(
        feature = "native",
        arg(long = "attack", value_name = "SPEC", required = true)
    )]
    #[serde(rename = "attack")]
    attacks: Vec<String>,
    /// The defending unit, e.g. "@Rebel Troopers, cover light" or "white defense, wounds 1,
    /// minis 4, courage 1"
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC"))]
    pub(super) defender: String,
    /// A unit guarding the defender against the ranged attacks, e.g. "@Clone Troopers
    /// (Phase II), Guardian 2": it carries its wounds (wiped, it guards no more) and tokens
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC"))]
    pub(super) guardian: Option<String>,
    /// The first --attack's unit charges: it makes its free melee attack, then its action's
    /// (both with only its melee weapons), before the other --attack
    #[cfg_attr(feature = "native", arg(long, conflicts_with = "until_wiped"))]
    charge: bool,
    /// Repeat the one --attack until the defender is wiped, at most --attacks times: the
    /// distribution of the attacks needed and the chance it outlasts them
    #[cfg_attr(feature = "native", arg(long))]
    pub(super) until_wiped: bool,
    /// With --until-wiped, the most attacks made
    #[cfg_attr(feature = "native", arg(long = "attacks", value_name = "CAP", default_value_t = 30, requires = "until_wiped",
          value_parser = clap::value_parser!(u16).range(1..=100)))]
    #[serde(rename = "attacks")]
    attacks_cap: u16,
    /// When a ranged attack gives the defender a suppression token: hits (its roll holds a hit
    /// or crit once surges are converted) or always
    #[cfg_attr(feature = "native", arg(long, value_enum, default_value_t = Gained::Hits))]
    suppression_gained: Gained,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    cards: LegionCardArgs,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    choices: LegionChoices,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    pub(super) output: OutputArgs,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub(super) enum Gained {
    /// When the attack roll holds a hit or crit once surges are converted
    Hits,
    /// After every ranged attack, whatever it rolled
    Always,
}

impl Gained {
    pub(super) fn reading(self) -> SuppressionGained {
        match self {
            Gained::Hits => SuppressionGained::Hits,
            Gained::Always => SuppressionGained::Always,
        }
    }
}

impl SequenceArgs {
    pub(super) fn gained(&self) -> SuppressionGained {
        self.suppression_gained.reading()
    }
}

impl SequenceArgs {
    /// The attacks made, in order: the --attack SPECs (with --charge, the first one's unit
    /// attacking twice in melee), or the one repeated up to the cap.
    fn attacks(&self, cards: &Cards) -> Result<Vec<String>, Error> {
        match (self.until_wiped, self.attacks.as_slice()) {
            (false, [first, rest @ ..]) if self.charge => {
                self.charge_without_tokens(first, cards)?;
                let melee = format!("{first}, melee");
                let mut attacks = vec![melee.clone(), melee];
                attacks.extend(rest.iter().cloned());
                Ok(attacks)
            }
            (false, list) => Ok(list.to_vec()),
            (true, [one]) => Ok(vec![one.clone(); usize::from(self.attacks_cap)]),
            (true, _) => Err(engine::Error::about(
                Some(Input::UntilWiped),
                "--until-wiped repeats one --attack until the defender is wiped: give a single \
                 --attack",
            )
            .into()),
        }
    }

    /// --charge makes two attacks of one SPEC: tokens in it would be spent twice.
    fn charge_without_tokens(&self, first: &str, cards: &Cards) -> Result<(), Error> {
        let s = Scenario::parse_with(first, &self.defender, None, cards)?;
        let a = &s.attacker;
        if a.aim + a.observation + a.surge_tokens + a.dodge > 0 {
            return Err(engine::Error::input(
                "--charge makes the charging unit's two attacks from one --attack, so its tokens \
                 would be spent twice: give the two attacks as '--attack SPEC, melee' twice, the \
                 tokens on the one that spends them",
            )
            .into());
        }
        Ok(())
    }
}

/// A sequence as its arguments give it: the cards its SPECs name, the attacks made in order,
/// the edition and policy.
pub(super) struct Sequence<'c> {
    pub cards: Cow<'c, Cards>,
    pub attacks: Vec<String>,
    pub choices: Scenario,
}

impl Sequence<'_> {
    pub fn attacks(&self) -> Vec<&str> {
        self.attacks.iter().map(String::as_str).collect()
    }
}

impl SequenceArgs {
    /// The sequence these arguments make, read but not computed.
    pub(super) fn read<'c>(
        &self,
        cards: &'c Cards,
        files: &dyn Files,
    ) -> Result<Sequence<'c>, Error> {
        let cards = self.cards.read(cards, files)?;
        let choices = self.choices.scenario()?;
        let attacks = self.attacks(&cards)?;
        Ok(Sequence {
            cards,
            attacks,
            choices,
        })
    }

    /// The work the exact outcome of sequence `q` takes, estimated before it is computed.
    pub(super) fn estimate(&self, q: &Sequence) -> Result<u64, engine::Error> {
        let guardian = self.guardian.as_deref();
        sequence::estimate(&q.attacks(), &self.defender, guardian, &q.cards, &q.choices)
    }

    /// The exact outcome of sequence `q`.
    pub(super) fn exact(&self, q: &Sequence) -> Result<LegionSequence, engine::Error> {
        let attacks = q.attacks();
        let guardian = self.guardian.as_deref();
        match self.until_wiped {
            true => sequence::until_wiped(
                attacks[0],
                &self.defender,
                guardian,
                &q.cards,
                &q.choices,
                self.gained(),
                attacks.len(),
            ),
            false => sequence::sequence(
                &attacks,
                &self.defender,
                guardian,
                &q.cards,
                &q.choices,
                self.gained(),
            ),
        }
    }
}

/// `legion sequence`, read: the sequence as its arguments give it.
pub(super) struct SequenceRead<'c> {
    sequence: Sequence<'c>,
    /// The arguments as given: what the answer shows and how it is printed.
    args: SequenceArgs,
}

impl<'c> SequenceRead<'c> {
    pub(super) fn read(
        a: SequenceArgs,
        cards: &'c Cards,
        files: &dyn Files,
    ) -> Result<SequenceRead<'c>, Error> {
        Ok(SequenceRead {
            sequence: a.read(cards, files)?,
            args: a,
        })
    }

    /// The work the sequence takes, as it estimates it before any attack.
    pub(super) fn cost(&self) -> Result<u64, engine::Error> {
        self.args.estimate(&self.sequence)
    }

    pub(super) fn run(self) -> Result<Answer, Error> {
        let (a, q) = (&self.args, &self.sequence);
        let result = a.exact(q)?;
        let asked = Asked {
            attacks: &q.attacks(),
            defender: &a.defender,
            guardian: a.guardian.as_deref(),
            choices: &q.choices,
            gained: a.gained(),
            until_wiped: a.until_wiped,
        };
        let answer = SequenceAnswer::new(&asked, &result);
        let needed = result.attacks_needed().filter(|_| a.until_wiped);
        let chart = match &needed {
            Some(d) => ("Legion: attacks until wiped", "attacks needed", d),
            None => (
                "Legion attack sequence",
                "wounds on the defender",
                &result.wounds,
            ),
        };
        finish(&answer, &a.output, chart)
    }
}
