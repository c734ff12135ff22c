//! The arguments every SWTCG command that reads units takes: the units, where named units come
//! from and what they pay for, the rule options, the mode and the re-roll policy.

use super::output::OutputArgs;
use super::{with_card_files, Files, PolicyArg};
use crate::error::Error;
#[cfg(feature = "native")]
use clap::{Args, ValueEnum};
use holodice_engine::error::{self as engine, Input};
use holodice_engine::policy::{Objective, Policy};
use holodice_engine::swtcg::{
    self,
    attack::Scenario,
    cards::Cards,
    keywords::Mode,
    rules::Rules,
    unit::{Arena, Paid, Unit},
};
use serde::Deserialize;
use std::path::PathBuf;

/// The units, rule options and output of an attack (what `simulate` and `check` also take).
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct AttackArgs {
    /// The attacking unit, e.g. "Power 5, Accuracy 1, Critical Hit 2, Fury 1"
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC"))]
    pub attacker: String,
    /// The defending unit, e.g. "Health 4, Armor, Shields 1, Damage 1" (default: no keywords)
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC", default_value = ""))]
    pub defender: String,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    pub output: OutputArgs,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    pub rules: RuleArgs,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    pub units: UnitArgs,
}

/// `swtcg attack`: the attack's arguments and what only the exact attack reads; `check swtcg`
/// takes them all, so its samples can be of any attack `swtcg attack` computes.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct SwtcgAttackArgs {
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    pub attack: AttackArgs,
    /// Another unit in the defender's arena: Overkill's extra hits and Area Damage go to it
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC"))]
    pub secondary: Option<String>,
    /// A unit that takes the attack: it needs Intercept, or the defender Redirect (the
    /// attacker's Precision keeps the attack on the defender)
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC"))]
    pub interceptor: Option<String>,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    pub(super) choices: ChoiceArgs,
    /// Evaluate with and without the Enhance effects ('enhance: ITEM' items, or a card's
    /// enhance field); the main result is with them paid
    #[cfg_attr(feature = "native", arg(long))]
    pub(super) enhance: bool,
}

impl SwtcgAttackArgs {
    /// The attack's units, how it is made and who pays, each read once: what `swtcg attack`
    /// and `check swtcg` make their attacks of.
    pub(super) fn read(
        &self,
        cards: &Cards,
        files: &dyn Files,
    ) -> Result<(AttackUnits, Setting, PayArg), Error> {
        let a = &self.attack;
        let reader = UnitReader::new(&a.units, self.choices.mode(), cards, files)?;
        let units = AttackUnits::read(
            &reader,
            &a.attacker,
            &a.defender,
            self.secondary.as_deref(),
            self.interceptor.as_deref(),
        )?;
        Ok((units, self.choices.read(&a.rules)?, reader.pay))
    }
}

/// --enhance given when no unit has an Enhance effect to pay.
pub(super) fn no_enhance() -> Error {
    engine::Error::about(
        Some(Input::Enhance),
        "--enhance: no unit has an Enhance effect; write it as 'enhance: ITEM' in a SPEC or as a \
         card's enhance field",
    )
    .into()
}

/// How an attack is made: arena mode and the re-roll policy.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub(super) struct ChoiceArgs {
    /// Attack into another arena with the attacker's Bombard X (space attacks ground), Ion
    /// Cannon X (ground attacks space) or Barrage X (space or ground attacks a Character) as
    /// its power
    #[cfg_attr(feature = "native", arg(long, value_enum))]
    mode: Option<ModeArg>,
    /// Who chooses the Lucky re-rolls: greedy (fixed choices, docs/rules.md) or optimal
    /// (expectimax: the attacker maximises the objective, the defender minimises it)
    #[cfg_attr(feature = "native", arg(long, value_enum, default_value_t = PolicyArg::Greedy))]
    policy: PolicyArg,
    /// What the optimal policy maximises: mean (expected counters on the defender), destroy (the
    /// chance to discard it) or atleast:K (the chance of at least K counters)
    #[cfg_attr(
        feature = "native",
        arg(long, value_name = "OBJECTIVE", default_value = "mean")
    )]
    objective: String,
}

impl ChoiceArgs {
    pub(super) fn mode(&self) -> Option<Mode> {
        self.mode.map(|m| match m {
            ModeArg::Bombard => Mode::Bombard,
            ModeArg::IonCannon => Mode::IonCannon,
            ModeArg::Barrage => Mode::Barrage,
        })
    }

    /// The choices and the rule options `rules`, read once (the objective, then the rules).
    pub(super) fn read(&self, rules: &RuleArgs) -> Result<Setting, Error> {
        Ok(Setting {
            mode: self.mode(),
            policy: self.policy.policy(),
            objective: swtcg::attack::objective(&self.objective)?,
            rules: rules.rules()?,
        })
    }
}

/// How every attack of a command is made: its mode, policy and objective and the rule options.
#[derive(Clone)]
pub(super) struct Setting {
    mode: Option<Mode>,
    policy: Policy,
    objective: Objective,
    rules: Rules,
}

impl Setting {
    /// An attack of `attacker` on `defender`, made as set.
    pub(super) fn attack(&self, attacker: Unit, defender: Unit) -> Scenario {
        let mut s = Scenario::new(attacker, defender, self.rules.clone());
        s.mode = self.mode;
        s.policy = self.policy;
        s.objective = self.objective;
        s
    }
}

#[derive(Clone, Copy, Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(ValueEnum))]
#[serde(rename_all = "kebab-case")]
enum ModeArg {
    Bombard,
    IonCannon,
    Barrage,
}

#[derive(Clone, Copy, Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum ArenaArg {
    Space,
    Ground,
    Character,
}

/// Where named units come from, where units are and what they pay for.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct UnitArgs {
    /// A card file whose units SPECs may name as '@Name': holodice's YAML or a LackeyCCG set
    /// file (repeatable; the built-in cards, `holodice swtcg cards`, are always available)
    #[cfg_attr(feature = "native", arg(long = "cards", value_name = "FILE", value_hint = clap::ValueHint::FilePath))]
    pub cards: Vec<PathBuf>,
    /// The attacker's arena, for Switch effects written 'space: ITEM'; with --mode the defender
    /// is in the other arena
    #[cfg_attr(feature = "native", arg(long, value_enum))]
    pub arena: Option<ArenaArg>,
    /// Which units pay for their paid abilities ('pay: ITEM', a card's "Pay 2 Force -> Evade
    /// 2"): none, all, the attacker or the defender (its side: --secondary, --interceptor, a dice
    /// --target); swtcg attack also shows the result with none paid
    #[cfg_attr(feature = "native", arg(long, value_enum, default_value_t = PayArg::None))]
    pub pay: PayArg,
}

/// Who pays for the abilities units pay for as they attack or are attacked.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum PayArg {
    None,
    All,
    Attacker,
    Defender,
}

impl PayArg {
    /// Whether the attacking (or defending) side pays.
    fn pays(self, attacking: bool) -> bool {
        match self {
            PayArg::None => false,
            PayArg::All => true,
            PayArg::Attacker => attacking,
            PayArg::Defender => !attacking,
        }
    }
}

#[cfg(feature = "native")]
pub(super) fn attack_help() -> String {
    let mut s = String::from(
        "SPEC is a comma-separated list, in any case: 'Power N', 'Health N', 'Damage N' (counters \
         already on the unit), 'Tapped', and keywords with their value ('Accuracy -1', 'Armor', \
         'Critical Hit 2'). `holodice swtcg keywords` lists every keyword.\n\n\
         '@Name' brings in a unit card: the units of the ten WotC sets and 17 IDC sets (Standard's \
         and Vintage's among them) are built in (`holodice swtcg cards --legal standard` lists \
         a format's), more come from --cards FILE (YAML or a LackeyCCG set file); '@Name [SET]' \
         names the printing of a set; later items override its statistics. 'space: ITEM' (or ground:, character:) applies \
         only in that arena (Switch; --arena picks it), 'enhance: ITEM' only with the Enhance \
         cost paid (--enhance computes both), 'pay: ITEM' only when paid for as the unit attacks \
         or is attacked (--pay picks who pays; the result with none paid is shown too).\n\n\
         Lucky on either unit re-rolls by --policy: greedy (fixed orders, docs/rules.md) or \
         optimal (the attacker maximises --objective, the defender minimises it). Avenge X on \
         the defender stands for an ally's Avenge.\n\nRule options \
         (--rule NAME=VALUE; the first value is the default):\n",
    );
    for o in swtcg::rules::OPTIONS {
        s.push_str(&format!(
            "  {} = {}\n      {}\n",
            o.name,
            o.values.join(" | "),
            o.summary
        ));
    }
    s.push_str(
        "\nExamples:
  holodice swtcg attack --attacker \"Power 5, Accuracy 1, Critical Hit 2\" \\
      --defender \"Health 4, Armor\"
  holodice swtcg attack --attacker \"Power 6, Fury 2\" \\
      --defender \"Health 5, Parry 1\" --format json
  holodice swtcg attack --attacker \"Power 5, Overkill\" --defender \"Health 2\" \\
      --secondary \"Health 3\"
  holodice swtcg attack --attacker \"Power 4, Lucky 1\" \\
      --defender \"Health 3, Lucky 1\" --policy optimal --objective destroy
  holodice swtcg attack --attacker \"@Red Squadron X-wing, Damage 1\" \\
      --defender \"Health 4, Retaliate 2\"
",
    );
    s
}

/// The attacker's and the defender's arenas: the same, or across arenas with --mode.
fn arenas(arena: Option<ArenaArg>, mode: Option<Mode>) -> Result<[Option<Arena>; 2], Error> {
    let arena = arena.map(|a| match a {
        ArenaArg::Space => Arena::Space,
        ArenaArg::Ground => Arena::Ground,
        ArenaArg::Character => Arena::Character,
    });
    let (from, to) = match mode {
        None => return Ok([arena, arena]),
        Some(Mode::Bombard) => (Some(Arena::Space), Arena::Ground),
        Some(Mode::IonCannon) => (Some(Arena::Ground), Arena::Space),
        // Barrage attacks from Space or Ground: --arena says which, when the unit has both.
        Some(Mode::Barrage) => (None, Arena::Character),
    };
    let flag = mode.map_or("", Mode::name);
    match (arena, from) {
        (Some(a), Some(from)) if a != from => Err(engine::Error::about(
            Some(Input::Mode),
            format!(
            "--mode {flag} attacks from the {} arena, not from {}: drop --arena or give --arena {}",
            from.name(),
            a.name(),
            from.name()
        ),
        )
        .into()),
        (Some(Arena::Character), None) => Err(engine::Error::about(
            Some(Input::Mode),
            format!(
            "--mode {flag} attacks the Character arena from space or ground: give --arena space \
             or --arena ground, or drop --arena"
        ),
        )
        .into()),
        _ => Ok([from.or(arena), Some(to)]),
    }
}

/// Parses the units of one command: cards, arenas, who pays.
pub(super) struct UnitReader<'a> {
    cards: std::borrow::Cow<'a, Cards>,
    arenas: [Option<Arena>; 2],
    pub(super) pay: PayArg,
}

impl<'a> UnitReader<'a> {
    pub(super) fn new(
        u: &UnitArgs,
        mode: Option<Mode>,
        cards: &'a Cards,
        files: &dyn Files,
    ) -> Result<UnitReader<'a>, Error> {
        Ok(UnitReader {
            cards: with_card_files(cards, &u.cards, files)?,
            arenas: arenas(u.arena, mode)?,
            pay: u.pay,
        })
    }

    /// The unit `spec` describes, read and checked against its arena but not yet settled by
    /// what is paid; `attacking` picks the attacker's arena and side.
    pub(super) fn read(&self, role: &str, spec: &str, attacking: bool) -> Result<Read, Error> {
        let read = self.parse(role, spec, attacking)?;
        read.settle(false, PayArg::None)?;
        Ok(read)
    }

    /// The unit `spec` describes, Enhance unpaid, abilities paid as --pay says.
    pub(super) fn unit(&self, role: &str, spec: &str, attacking: bool) -> Result<Unit, Error> {
        Ok(self.parse(role, spec, attacking)?.settle(false, self.pay)?)
    }

    /// The unit `spec` describes, parsed, not yet checked against its arena.
    fn parse(&self, role: &str, spec: &str, attacking: bool) -> Result<Read, Error> {
        Ok(Read {
            unit: Unit::parse_with(role, spec, &*self.cards)?,
            arena: self.arenas[usize::from(!attacking)],
            attacking,
        })
    }
}

/// A unit as its SPEC gives it, in its arena, before Enhance and paid abilities settle it.
pub(super) struct Read {
    unit: Unit,
    arena: Option<Arena>,
    /// Whether it is the attacker's side (the side --pay attacker pays for).
    attacking: bool,
}

impl Read {
    /// The unit with its Enhance effect paid or not, its abilities paid as `pay` says.
    pub(super) fn settle(&self, enhance: bool, pay: PayArg) -> Result<Unit, engine::Error> {
        let paid = Paid {
            enhance,
            abilities: pay.pays(self.attacking),
        };
        self.unit.resolve(self.arena, paid)
    }

    /// Whether the unit has an Enhance effect (what --enhance compares).
    pub(super) fn enhanceable(&self) -> bool {
        self.unit.has_enhance()
    }

    /// Whether `pay` pays for any of the unit's paid abilities.
    pub(super) fn pays(&self, pay: PayArg) -> bool {
        pay.pays(self.attacking) && self.unit.has_paid()
    }
}

/// The units of one attack, read: the attacker, the defender, and the secondary and the
/// interceptor when given.
pub(super) struct AttackUnits {
    attacker: Read,
    defender: Read,
    secondary: Option<Read>,
    interceptor: Option<Read>,
}

impl AttackUnits {
    /// The units the SPECs describe, read in this order.
    pub(super) fn read(
        reader: &UnitReader,
        attacker: &str,
        defender: &str,
        secondary: Option<&str>,
        interceptor: Option<&str>,
    ) -> Result<AttackUnits, Error> {
        let other =
            |role: &str, spec: Option<&str>| spec.map(|s| reader.read(role, s, false)).transpose();
        Ok(AttackUnits {
            attacker: reader.read("attacker", attacker, true)?,
            defender: reader.read("defender", defender, false)?,
            secondary: other("secondary", secondary)?,
            interceptor: other("interceptor", interceptor)?,
        })
    }

    /// The attack these units make as `setting` says, Enhance paid or not, abilities paid as
    /// `pay` says.
    pub(super) fn scenario(
        &self,
        setting: &Setting,
        enhance: bool,
        pay: PayArg,
    ) -> Result<Scenario, Error> {
        let other = |u: &Option<Read>| u.as_ref().map(|u| u.settle(enhance, pay)).transpose();
        let mut s = setting.attack(
            self.attacker.settle(enhance, pay)?,
            self.defender.settle(enhance, pay)?,
        );
        s.secondary = other(&self.secondary)?;
        s.interceptor = other(&self.interceptor)?;
        Ok(s)
    }

    /// Whether any of the units has an Enhance effect.
    pub(super) fn enhanceable(&self) -> bool {
        self.all().any(Read::enhanceable)
    }

    /// Whether `pay` pays for any paid ability of the units.
    pub(super) fn pays(&self, pay: PayArg) -> bool {
        self.all().any(|u| u.pays(pay))
    }

    fn all(&self) -> impl Iterator<Item = &Read> {
        [&self.attacker, &self.defender]
            .into_iter()
            .chain(&self.secondary)
            .chain(&self.interceptor)
    }
}

/// The readings the rules leave open, as chosen.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct RuleArgs {
    /// Choose a reading the rules leave open, e.g. --rule auto-hit=yes (repeatable; see
    /// `holodice swtcg rules`)
    #[cfg_attr(feature = "native", arg(long = "rule", value_name = "NAME=VALUE"))]
    #[serde(rename = "rule")]
    pub given: Vec<String>,
}

impl RuleArgs {
    /// The rule options: the defaults, with the given ones set.
    pub(super) fn rules(&self) -> Result<Rules, Error> {
        let mut rules = Rules::default();
        for r in &self.given {
            rules.set(r)?;
        }
        Ok(rules)
    }
}
