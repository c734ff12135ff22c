//! The arguments every SWTCG command that reads units takes: the units, where named units come
//! from and what they pay for, the rule options, the mode and the re-roll policy.

use super::output::OutputArgs;
use super::{with_card_files, Files, PolicyArg};
use clap::{Args, ValueEnum};
use holodice_engine::error::{Error, Input};
use holodice_engine::swtcg::{
    self,
    cards::Cards,
    keywords::Mode,
    rules::Rules,
    unit::{Arena, Paid, Unit},
};
use std::path::PathBuf;

/// The units, rule options and output of an attack (what `simulate` and `check` also take).
#[derive(Args)]
pub struct AttackArgs {
    /// The attacking unit, e.g. "Power 5, Accuracy 1, Critical Hit 2, Fury 1"
    #[arg(long, value_name = "SPEC")]
    pub attacker: String,
    /// The defending unit, e.g. "Health 4, Armor, Shields 1, Damage 1" (default: no keywords)
    #[arg(long, value_name = "SPEC", default_value = "")]
    pub defender: String,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub units: UnitArgs,
}

/// How an attack is made: arena mode and the re-roll policy.
#[derive(Args)]
pub(super) struct ChoiceArgs {
    /// Attack into another arena with the attacker's Bombard X (space attacks ground), Ion
    /// Cannon X (ground attacks space) or Barrage X (space or ground attacks a Character) as
    /// its power
    #[arg(long, value_enum)]
    mode: Option<ModeArg>,
    /// Who chooses the Lucky re-rolls: greedy (fixed choices, docs/rules.md) or optimal
    /// (expectimax: the attacker maximises the objective, the defender minimises it)
    #[arg(long, value_enum, default_value_t = PolicyArg::Greedy)]
    policy: PolicyArg,
    /// What the optimal policy maximises: mean (expected counters on the defender), destroy (the
    /// chance to discard it) or atleast:K (the chance of at least K counters)
    #[arg(long, value_name = "OBJECTIVE", default_value = "mean")]
    pub(super) objective: String,
}

impl ChoiceArgs {
    pub(super) fn mode(&self) -> Option<Mode> {
        self.mode.map(|m| match m {
            ModeArg::Bombard => Mode::Bombard,
            ModeArg::IonCannon => Mode::IonCannon,
            ModeArg::Barrage => Mode::Barrage,
        })
    }

    pub(super) fn policy(&self) -> holodice_engine::policy::Policy {
        self.policy.policy()
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum ModeArg {
    Bombard,
    IonCannon,
    Barrage,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum ArenaArg {
    Space,
    Ground,
    Character,
}

/// Where named units come from, where units are and what they pay for.
#[derive(Args)]
pub struct UnitArgs {
    /// A card file whose units SPECs may name as '@Name': holodice's YAML or a LackeyCCG set
    /// file (repeatable; the built-in cards, `holodice swtcg cards`, are always available)
    #[arg(long = "cards", value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub cards: Vec<PathBuf>,
    /// The attacker's arena, for Switch effects written 'space: ITEM'; with --mode the defender
    /// is in the other arena
    #[arg(long, value_enum)]
    pub arena: Option<ArenaArg>,
    /// Which units pay for their paid abilities ('pay: ITEM', a card's "Pay 2 Force -> Evade
    /// 2"): none, all, the attacker or the defender (its side: --secondary, --interceptor, a dice
    /// --target); swtcg attack also shows the result with none paid
    #[arg(long, value_enum, default_value_t = PayArg::None)]
    pub pay: PayArg,
}

/// Who pays for the abilities units pay for as they attack or are attacked.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
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
        (Some(a), Some(from)) if a != from => Err(Error::about(
            Some(Input::Mode),
            format!(
            "--mode {flag} attacks from the {} arena, not from {}: drop --arena or give --arena {}",
            from.name(),
            a.name(),
            from.name()
        ),
        )),
        (Some(Arena::Character), None) => Err(Error::about(
            Some(Input::Mode),
            format!(
            "--mode {flag} attacks the Character arena from space or ground: give --arena space \
             or --arena ground, or drop --arena"
        ),
        )),
        _ => Ok([from.or(arena), Some(to)]),
    }
}

/// Parses and settles the units of one command: cards, arenas, Enhance, paid abilities.
pub(super) struct UnitReader<'a> {
    cards: std::borrow::Cow<'a, Cards>,
    arenas: [Option<Arena>; 2],
    pub(super) pay: PayArg,
    /// Whether any unit read so far has an Enhance effect.
    pub(super) enhanceable: std::cell::Cell<bool>,
    /// Whether any unit read so far paid for an ability.
    pub(super) paid: std::cell::Cell<bool>,
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
            enhanceable: Default::default(),
            paid: Default::default(),
        })
    }

    /// The unit `spec` describes, Enhance unpaid, abilities paid as --pay says; `attacking`
    /// picks the attacker's arena and side.
    pub(super) fn unit(&self, role: &str, spec: &str, attacking: bool) -> Result<Unit, Error> {
        self.settle(role, spec, attacking, false, self.pay)
    }

    /// The unit `spec` describes, with its Enhance effect paid or not, its abilities by `pay`.
    pub(super) fn settle(
        &self,
        role: &str,
        spec: &str,
        attacking: bool,
        enhance: bool,
        pay: PayArg,
    ) -> Result<Unit, Error> {
        let arena = self.arenas[usize::from(!attacking)];
        let unit = Unit::parse_with(role, spec, &*self.cards)?;
        let paid = Paid {
            enhance,
            abilities: pay.pays(attacking),
        };
        self.enhanceable
            .set(self.enhanceable.get() || unit.has_enhance());
        self.paid
            .set(self.paid.get() || (paid.abilities && unit.has_paid()));
        unit.resolve(arena, paid)
    }
}

/// The readings the rules leave open, as chosen.
#[derive(Args)]
pub struct RuleArgs {
    /// Choose a reading the rules leave open, e.g. --rule auto-hit=yes (repeatable; see
    /// `holodice swtcg rules`)
    #[arg(long = "rule", value_name = "NAME=VALUE")]
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

/// The units and rule options of a SWTCG attack command.
pub(super) fn setup(
    a: &AttackArgs,
    cards: &Cards,
    files: &dyn Files,
) -> Result<(Unit, Unit, Rules), Error> {
    let reader = UnitReader::new(&a.units, None, cards, files)?;
    let attacker = reader.unit("attacker", &a.attacker, true)?;
    let defender = reader.unit("defender", &a.defender, false)?;
    Ok((attacker, defender, a.rules.rules()?))
}
