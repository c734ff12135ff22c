//! One SWTCG attack, in the rulebook's order of steps.
//!
//! The keywords of every unit first compile into the numbers each step needs (`Compiled`); then
//! [`run`] walks the steps: declare (target, interception, arena), roll (with triggered extra
//! dice), re-roll (Lucky), assign hits (Overkill), pending damage, prevention, counters, discard
//! (Area Damage, Avenge, Bounty), attack end (Retaliate, Riposte, Backfire, Overload). The attack
//! roll is one [`NaturalRoll`], the joint distribution of hits and the natural faces seen; each of
//! its outcomes leads to a deterministic [`Out`], and dice of damage, independent of the attack
//! roll, extend it. Every reported quantity is an exact function of the resulting states.

use super::keywords::{
    attack_die, Effect, Keyword, Mode, Roll, Side, Stat, Target, Transform, When,
};
use super::lucky::{self, Policy};
use super::rules::Rules;
use super::spec::{Item, Unit};
use crate::dice::{Faces, NaturalRoll};
use crate::dist::Dist;
use crate::error::Error;
use crate::states::States;
use num_rational::BigRational;

/// The most attack dice one attack may roll (power plus extra dice): an exact answer for this
/// many takes about a second.
pub const MAX_DICE: i64 = 2_000;

/// Extra dice (Fury) combine with every outcome of the power dice, so their cost is the product
/// (power dice + 1) × (extra dice + 1), which may not exceed this.
pub const MAX_EXTRA_PRODUCT: i64 = 20_000;

/// Dice of damage branch every outcome of the attack roll, so (attack dice + 1) × (X + 1) for
/// each roll of them may not exceed this: about a second at worst.
pub const MAX_DAMAGE_WORK: i64 = 200_000;

/// What the optimal re-roll policy maximises for the attacker (and minimises for the defender).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Objective {
    /// Expected damage counters on the defender.
    #[default]
    Mean,
    /// The chance to discard the defender.
    Destroy,
    /// The chance to place at least this many counters.
    AtLeast(i64),
}

impl Objective {
    /// Parses `mean`, `destroy` or `atleast:K`.
    ///
    /// ```
    /// use holodice::swtcg::attack::Objective;
    /// assert_eq!(Objective::parse("atleast:3").unwrap(), Objective::AtLeast(3));
    /// assert!(Objective::parse("max").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Objective, Error> {
        let t = text.trim().to_lowercase();
        match t.as_str() {
            "mean" => return Ok(Objective::Mean),
            "destroy" => return Ok(Objective::Destroy),
            _ => {}
        }
        t.strip_prefix("atleast:")
            .and_then(|k| k.trim().parse::<i64>().ok())
            .filter(|k| *k >= 0)
            .map(Objective::AtLeast)
            .ok_or_else(|| {
                Error::Input(format!(
                    "--objective '{text}': use mean, destroy or atleast:K (K a whole number, as in \
                     atleast:3)"
                ))
            })
    }

    /// The objective as the user writes it.
    pub fn describe(self) -> String {
        match self {
            Objective::Mean => "mean".into(),
            Objective::Destroy => "destroy".into(),
            Objective::AtLeast(k) => format!("atleast:{k}"),
        }
    }
}

/// Everything one attack depends on besides the dice.
#[derive(Debug, Clone, Default)]
pub struct Scenario {
    pub attacker: Unit,
    pub defender: Unit,
    /// Another unit in the defender's arena: Overkill's and Area Damage's target.
    pub secondary: Option<Unit>,
    /// A unit that may take the attack (Intercept, or the defender's Redirect).
    pub interceptor: Option<Unit>,
    /// An attack into the other arena (Bombard, Ion Cannon).
    pub mode: Option<Mode>,
    pub policy: Policy,
    pub objective: Objective,
    pub rules: Rules,
    /// Power the attacker carries from earlier attacks (sequences): Focus, Absorb, Surge, Stun.
    pub carried_power: i64,
}

impl Scenario {
    /// An ordinary attack of `attacker` on `defender`.
    pub fn new(attacker: Unit, defender: Unit, rules: Rules) -> Scenario {
        Scenario {
            attacker,
            defender,
            rules,
            ..Scenario::default()
        }
    }
}

/// What one outcome of the dice does. Counters are damage counters placed by this attack.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Out {
    pub hits: i64,
    /// Pending damage on the defender (hits kept on it plus Critical Hit's bonus).
    pub pending: i64,
    /// The tracked natural faces seen, as [`Faces::bits`].
    pub seen: i64,
    pub counters: i64,
    pub destroyed: bool,
    /// Damage the defender's Absorb took (its power for its next attack).
    pub absorbed: i64,
    /// Damage the defender's Deflect prevented (it may send that much elsewhere).
    pub deflected: i64,
    /// Counters on the secondary unit (Overkill, Area Damage).
    pub secondary: i64,
    pub attacker_counters: i64,
    pub attacker_absorbed: i64,
    pub attacker_deflected: i64,
    /// Power the attacker gains for its next attack (Focus).
    pub focus: i64,
    /// Whether another unit placed counters on the attacker (its Surge).
    pub attacker_hurt: bool,
    /// Whether the defender's own damage placed counters on the attacker (the defender's Stun).
    pub hurt_by_defender: bool,
}

/// The exact outcome of one attack.
#[derive(Debug, Clone)]
pub struct Attack {
    /// Attack dice rolled for power, after Shields and other power changes (extra dice excluded).
    pub dice: i64,
    /// Hits of the final attack roll.
    pub hits: Dist,
    /// Damage counters this attack places on the defender.
    pub damage: Dist,
    /// Damage counters placed on the attacker (Riposte, Retaliate, Avenge, Backfire, Overload).
    pub attacker_damage: Dist,
    /// P(the defender is discarded), when its Health is known.
    pub destroyed: Option<BigRational>,
    /// P(the attacker is discarded), when its Health is known.
    pub attacker_destroyed: Option<BigRational>,
    /// Counters on the secondary unit (Overkill, Area Damage), when one is given.
    pub secondary_damage: Option<Dist>,
    /// P(the secondary unit is discarded), when it is given with Health.
    pub secondary_destroyed: Option<BigRational>,
    /// Each natural-face trigger present, with the probability that it fires.
    pub triggers: Vec<(String, BigRational)>,
    /// Power the attacker gains for its next attack (Focus).
    pub focus_power: Option<Dist>,
    /// Power the defender gains for its next attack (its Absorb).
    pub absorb_power: Option<Dist>,
    /// Power the attacker gains for its next attack by absorbing damage.
    pub attacker_absorb_power: Option<Dist>,
    /// Damage the defender's Deflect may send to a unit of its choice.
    pub deflect_damage: Option<Dist>,
    /// Damage the attacker's Deflect may send to a unit of its choice.
    pub attacker_deflect_damage: Option<Dist>,
    /// P(the attacker's Stun gives the defender -X power), with X.
    pub stun: Option<(i64, BigRational)>,
    /// P(the defender's Stun gives the attacker -X power), with X.
    pub defender_stun: Option<(i64, BigRational)>,
    /// P(the defender's Surge gives a unit +X power), with X.
    pub surge: Option<(i64, BigRational)>,
    /// P(the attacker's Surge gives a unit +X power), with X.
    pub attacker_surge: Option<(i64, BigRational)>,
    /// P(the attacker gains its Bounty: the attack discards the defender).
    pub bounty: Option<BigRational>,
    /// Foresight: the best prediction and the chance it is right.
    pub foresight: Option<(i64, BigRational)>,
    /// P(the defender survives with enough counters for its Resilience).
    pub defender_resilience: Option<BigRational>,
    /// Whether the interceptor took the attack.
    pub intercepted: bool,
    /// Lucky on each side (attacker, defender), when any re-roll happens.
    pub lucky: Option<(i64, i64)>,
    /// The joint outcomes everything above is read from (sequences carry them on).
    pub outcomes: States<Out>,
    /// What the computation assumed or ignored, for the reader.
    pub notes: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Attacker,
    Defender,
}

impl Role {
    fn name(self) -> &'static str {
        match self {
            Role::Attacker => "attacker",
            Role::Defender => "defender",
        }
    }
}

/// Prevention a unit applies to each instance of damage it receives.
#[derive(Debug, Default, Clone, Copy)]
struct Guard {
    absorb: i64,
    deflect: i64,
    evade: i64,
}

/// One unit's numbers, after its keywords are read.
#[derive(Debug, Default)]
struct UnitStats {
    power: Option<i64>,
    health: Option<i64>,
    damage: i64,
    tapped: bool,
    hit_on: i64,
    guard: Guard,
    multiplier: i64,
    unpreventable: bool,
    resilience: i64,
    stealth: bool,
    foresight: bool,
    lucky: i64,
    overload: i64,
    overkill: bool,
    stun: i64,
    surge: i64,
    bounty: bool,
    /// Dice of damage: (at, when, X).
    dice: Vec<(Target, When, i64)>,
    other_arena: Vec<(Mode, i64)>,
}

impl UnitStats {
    fn dice_of(&self, at: Target, when: When) -> i64 {
        self.dice
            .iter()
            .filter(|d| d.0 == at && d.1 == when)
            .map(|d| d.2)
            .sum()
    }

    /// Whether a unit in this state can't be attacked (Stealth, untapped, no counters).
    fn hidden(&self) -> bool {
        self.stealth && !self.tapped && self.damage == 0
    }
}

#[derive(Debug, Clone)]
struct Trigger {
    keyword: String,
    face: u8,
    roll: Roll,
    effect: Effect,
    amount: i64,
}

#[derive(Debug)]
struct Compiled {
    att: UnitStats,
    def: UnitStats,
    accuracy: i64,
    power_change: i64,
    triggers: Vec<Trigger>,
    notes: Vec<String>,
}

/// Reads one unit's items in one role. `notes` is None for units whose off-role keywords are
/// not worth a note (the secondary).
fn read_unit(
    unit: &Unit,
    role: Role,
    stats: &mut UnitStats,
    mut shared: Option<(&mut i64, &mut i64, &mut Vec<Trigger>)>,
    notes: &mut Vec<String>,
) {
    stats.multiplier = 1;
    stats.hit_on = attack_die().hit_on;
    for item in &unit.items {
        let Item { keyword, value: x } = *item;
        let Keyword { name, side, .. } = keyword;
        let acts = match side {
            Side::Either => true,
            Side::Attacker => role == Role::Attacker,
            Side::Defender => role == Role::Defender,
        };
        if !acts {
            if shared.is_some() {
                notes.push(format!(
                    "{name} on the {}: no effect here, it acts when its unit {}",
                    role.name(),
                    if role == Role::Attacker {
                        "defends"
                    } else {
                        "attacks"
                    }
                ));
            }
            continue;
        }
        match &keyword.transform {
            Transform::Stat { stat } => match stat {
                Stat::Power => stats.power = Some(x),
                Stat::Health => stats.health = Some(x),
                Stat::Damage => stats.damage = x,
                Stat::Tapped => stats.tapped = true,
            },
            Transform::HitThreshold { at } => stats.hit_on = stats.hit_on.max(*at),
            Transform::PowerWhenDamaged => stats.resilience += x,
            Transform::PreventUpTo => stats.guard.evade += x,
            Transform::Absorb => stats.guard.absorb += x,
            Transform::Deflect => stats.guard.deflect += x,
            Transform::MultiplyDamage { factor } => {
                stats.multiplier = stats.multiplier.max(*factor)
            }
            Transform::Unpreventable => stats.unpreventable = true,
            Transform::LegalIfTappedOrDamaged => stats.stealth = true,
            Transform::PredictHits => stats.foresight = true,
            Transform::Reroll => stats.lucky += x,
            Transform::Overload => stats.overload += x,
            Transform::Overkill => stats.overkill = true,
            Transform::Stun => stats.stun += x,
            Transform::Surge => stats.surge += x,
            Transform::Bounty => stats.bounty = true,
            Transform::DiceOfDamage { at, when } => stats.dice.push((*at, *when, x)),
            Transform::OtherArena { mode } => stats.other_arena.push((*mode, x)),
            Transform::HitShift | Transform::Power { .. } | Transform::Trigger { .. } => {
                let Some((accuracy, power_change, triggers)) = shared.as_mut() else {
                    continue;
                };
                match &keyword.transform {
                    Transform::HitShift => **accuracy += x,
                    Transform::Power { factor } => **power_change += factor * x,
                    // X = 0 is no trigger at all: nothing to track.
                    Transform::Trigger { .. } if x == 0 => {}
                    Transform::Trigger { face, roll, effect } => {
                        match triggers.iter_mut().find(|t| t.keyword == *name) {
                            Some(t) => t.amount += x,
                            None => triggers.push(Trigger {
                                keyword: name.clone(),
                                face: *face,
                                roll: *roll,
                                effect: *effect,
                                amount: x,
                            }),
                        }
                    }
                    _ => unreachable!("matched above"),
                }
            }
            Transform::CannotBeIntercepted
            | Transform::Intercept
            | Transform::Redirect
            | Transform::StandaloneDice => {}
            Transform::NoDiceEffect { reason } => {
                if shared.is_some() {
                    notes.push(format!("{name}: no effect on dice ({reason})"))
                }
            }
        }
    }
}

impl Compiled {
    fn new(attacker: &Unit, defender: &Unit) -> Compiled {
        let mut c = Compiled {
            att: UnitStats::default(),
            def: UnitStats::default(),
            accuracy: 0,
            power_change: 0,
            triggers: Vec::new(),
            notes: Vec::new(),
        };
        for (unit, role) in [(attacker, Role::Attacker), (defender, Role::Defender)] {
            let stats = match role {
                Role::Attacker => &mut c.att,
                Role::Defender => &mut c.def,
            };
            read_unit(
                unit,
                role,
                stats,
                Some((&mut c.accuracy, &mut c.power_change, &mut c.triggers)),
                &mut c.notes,
            );
        }
        c
    }

    /// The triggers that fire in this roll, their amounts added up, for one effect.
    fn fired(&self, effect: Effect, seen: Faces, counts: impl Fn(&Trigger) -> bool) -> i64 {
        self.triggers
            .iter()
            .filter(|t| t.effect == effect && seen.contains(t.face) && counts(t))
            .map(|t| t.amount)
            .sum()
    }
}

/// A unit as the secondary or interceptor: its own numbers only.
fn stats_of(unit: &Unit) -> UnitStats {
    let mut s = UnitStats::default();
    read_unit(unit, Role::Defender, &mut s, None, &mut Vec::new());
    s
}

/// The name of the unit's first keyword whose transform satisfies `pred`.
fn named(unit: &Unit, pred: impl Fn(&Transform) -> bool) -> Option<String> {
    unit.items
        .iter()
        .find(|i| pred(&i.keyword.transform))
        .map(|i| i.keyword.name.clone())
}

/// Damage counters placed on one unit by one instance of damage.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Hash)]
struct Placed {
    counters: i64,
    absorbed: i64,
    deflected: i64,
}

/// Places one instance of `pending` damage, of which `unpreventable` can't be prevented, on a
/// unit with `guard` and `prevent` more (Parry). Absorb acts first among the preventions, then
/// Deflect, then the rest: the same damage is stopped in any order, and this one gives the
/// receiver the most power and the most damage to send on.
fn place(
    pending: i64,
    unpreventable: i64,
    guard: Guard,
    prevent: i64,
    multiplier: i64,
    prevent_first: bool,
) -> Placed {
    let (damage, fixed) = if prevent_first {
        (pending, unpreventable)
    } else {
        (pending * multiplier, unpreventable * multiplier)
    };
    let preventable = damage - fixed;
    let absorbed = guard.absorb.min(preventable);
    let deflected = guard.deflect.min(preventable - absorbed);
    let stopped =
        absorbed + deflected + (guard.evade + prevent).min(preventable - absorbed - deflected);
    let left = damage - stopped;
    Placed {
        counters: if prevent_first {
            left * multiplier
        } else {
            left
        },
        absorbed,
        deflected,
    }
}

/// One instance of `x` dice of damage at a unit: 4+ hits, 5+ against Armor; the receiver's
/// prevention applies unless the source has Ferocity.
fn dice_of_damage(
    x: i64,
    receiver: &UnitStats,
    unpreventable: bool,
    multiplier: i64,
    prevent_first: bool,
) -> States<Placed> {
    let sides = attack_die().faces.len() as i64;
    let hitting = (sides - receiver.hit_on + 1).clamp(0, sides);
    let hits = Dist::binomial(x as u32, hitting as u32, sides as u32);
    States::from_weights(hits.support().map(|(h, w)| {
        let fixed = if unpreventable { h } else { 0 };
        (
            place(h, fixed, receiver.guard, 0, multiplier, prevent_first),
            w.clone(),
        )
    }))
}

/// The exact outcome of one attack by `attacker` on `defender` under `rules`.
///
/// ```
/// use holodice::swtcg::{attack::attack, rules::Rules, spec::Unit};
/// let a = Unit::parse("attacker", "Power 3, Critical Hit 1").unwrap();
/// let d = Unit::parse("defender", "Health 4").unwrap();
/// let r = attack(&a, &d, &Rules::default()).unwrap();
/// // Hits average 3/2; Critical Hit adds 1 with P(at least one six) = 91/216.
/// assert_eq!(r.damage.mean().to_string(), "415/216");
/// ```
pub fn attack(attacker: &Unit, defender: &Unit, rules: &Rules) -> Result<Attack, Error> {
    run(&Scenario::new(
        attacker.clone(),
        defender.clone(),
        rules.clone(),
    ))
}

/// Checks a dice-of-damage count against the limit.
fn check_dice(what: &str, x: i64) -> Result<(), Error> {
    if x > MAX_DICE {
        return Err(Error::TooLarge(format!(
            "{x} dice of damage ({what}) is over the limit of {MAX_DICE}"
        )));
    }
    Ok(())
}

/// The attacker's power: its Power, or with --mode its Bombard or Ion Cannon X.
fn attack_power(s: &Scenario, att: &UnitStats) -> Result<i64, Error> {
    let Some(mode) = s.mode else {
        return att.power.ok_or_else(|| {
            Error::Input(
                "the attacker SPEC has no power: add one, as in --attacker 'Power 5'".into(),
            )
        });
    };
    let (name, flag) = match mode {
        Mode::Bombard => ("Bombard", "bombard"),
        Mode::IonCannon => ("Ion Cannon", "ion-cannon"),
    };
    let xs: Vec<i64> = att
        .other_arena
        .iter()
        .filter(|a| a.0 == mode)
        .map(|a| a.1)
        .collect();
    if xs.is_empty() {
        return Err(Error::Input(format!(
            "--mode {flag} needs {name} X in the attacker SPEC, as in '{name} 3'"
        )));
    }
    Ok(xs.iter().sum())
}

/// The attack dice rolled for power and the extra dice Fury may add, within [`MAX_DICE`] and
/// [`MAX_EXTRA_PRODUCT`].
fn attack_dice(s: &Scenario, c: &Compiled, power: i64) -> Result<(i64, i64), Error> {
    let att = &c.att;
    let resilience = if att.resilience > 0 && att.damage >= att.resilience {
        att.resilience
    } else {
        0
    };
    let dice = (power + resilience + att.overload + c.power_change + s.carried_power).max(0);
    let extra: i64 = c
        .triggers
        .iter()
        .filter(|t| t.effect == Effect::ExtraDice)
        .map(|t| t.amount)
        .sum();
    if dice + extra > MAX_DICE {
        return Err(Error::TooLarge(format!(
            "{} attack dice is over the limit of {MAX_DICE} for one attack",
            dice + extra
        )));
    }
    if (dice + 1) * (extra + 1) > MAX_EXTRA_PRODUCT {
        return Err(Error::TooLarge(format!(
            "{extra} extra dice on top of {dice} attack dice is over the limit: (attack dice + 1) × \
             (extra dice + 1) may be at most {MAX_EXTRA_PRODUCT}"
        )));
    }
    Ok((dice, extra))
}

/// The work of dice of damage: each roll of them branches every outcome of the attack roll, so
/// (attack dice + 1) × (X + 1) for each, within [`MAX_DAMAGE_WORK`].
fn damage_work(rolls: &[(&str, i64)], dice: i64) -> Result<i64, Error> {
    let work = rolls
        .iter()
        .fold(dice + 1, |w, r| w.saturating_mul(r.1 + 1));
    if !rolls.is_empty() && work > MAX_DAMAGE_WORK {
        let named: Vec<String> = rolls.iter().map(|(n, x)| format!("{n} {x}")).collect();
        return Err(Error::TooLarge(format!(
            "dice of damage ({}) combine with every outcome of {dice} attack dice: (attack dice \
             + 1) × (X + 1) for each may be at most {MAX_DAMAGE_WORK}; lower the power or X",
            named.join(", "),
        )));
    }
    Ok(work)
}

/// The dice of damage an attack may roll, by name, with their X (those that are 0 left out).
fn damage_rolls<'a>(s: &Scenario, c: &Compiled) -> Vec<(&'a str, i64)> {
    let (att, def) = (&c.att, &c.def);
    let retaliate = match s.mode {
        Some(_) => 0,
        None => def.dice_of(Target::Attacker, When::AttackEnds),
    };
    let area = match s.secondary {
        Some(_) => att.dice_of(Target::Secondary, When::Discard),
        None => 0,
    };
    let backfire = c
        .triggers
        .iter()
        .find(|t| t.effect == Effect::DiceToSelf)
        .map_or(0, |t| t.amount);
    [
        ("Retaliate", retaliate),
        ("Area Damage", area),
        ("Avenge", def.dice_of(Target::Attacker, When::Discard)),
        ("Backfire", backfire),
        ("Overload", att.overload),
    ]
    .into_iter()
    .filter(|r| r.1 > 0)
    .collect()
}

/// How much work the attack a [`Scenario`] describes is, checked against every limit one attack
/// has, without making it: its dice (with Fury's) and the length of their weights, the tracked
/// natural faces (each doubles the states), dice of damage and Lucky. About 5 million units a
/// second; for bounding many attacks at once (a table).
pub fn cost(s: &Scenario) -> Result<u64, Error> {
    let c = Compiled::new(&s.attacker, &s.defender);
    let power = attack_power(s, &c.att)?;
    let (dice, extra) = attack_dice(s, &c, power)?;
    let work = damage_work(&damage_rolls(s, &c), dice + extra)?;
    let mut faces: Vec<u8> = c.triggers.iter().map(|t| t.face).collect();
    faces.sort_unstable();
    faces.dedup();
    let lucky = c.att.lucky + c.def.lucky;
    if lucky > 0 {
        super::lucky::check_size(dice + extra, s.policy)?;
    }
    // Weights of n dice are about 2.6 n bits long: longer arithmetic past a few dozen dice.
    let length = (dice + extra).unsigned_abs() / 25 + 1;
    let cost =
        (work.unsigned_abs() * length).saturating_mul(extra.unsigned_abs() + 1) << faces.len();
    Ok(if lucky > 0 {
        cost.saturating_mul(LUCKY_COST)
    } else {
        cost
    })
}

/// Lucky's re-rolls cost about this many times the attack without them (at its dice limits).
const LUCKY_COST: u64 = 50;

/// The exact outcome of the attack a [`Scenario`] describes.
pub fn run(s: &Scenario) -> Result<Attack, Error> {
    let rules = &s.rules;
    let mut notes: Vec<String> = [
        ("attacker", Some(&s.attacker)),
        ("defender", Some(&s.defender)),
        ("interceptor", s.interceptor.as_ref()),
        ("secondary unit", s.secondary.as_ref()),
    ]
    .into_iter()
    .flat_map(|(role, u)| {
        u.into_iter()
            .flat_map(move |u| u.notes.iter().map(move |n| format!("{role}: {n}")))
    })
    .collect();

    for (role, unit) in [
        ("attacker", Some(&s.attacker)),
        ("defender", Some(&s.defender)),
        ("interceptor", s.interceptor.as_ref()),
        ("secondary", s.secondary.as_ref()),
    ] {
        if let Some(c) = unit.and_then(|u| u.conditional.first()) {
            return Err(Error::Input(format!(
                "the {role} SPEC has '{}: {}', which applies only in one arena or with Enhance \
                 paid: this query can't settle it; write the items that apply instead",
                c.when.prefix(),
                c.item.describe()
            )));
        }
    }
    if s.interceptor.is_none() {
        if let Some(n) = named(&s.attacker, |t| *t == Transform::CannotBeIntercepted) {
            notes.push(format!("{n}: no --interceptor, so it changes nothing here"));
        }
        if let Some(n) = named(&s.defender, |t| *t == Transform::Redirect) {
            notes.push(format!("{n}: no --interceptor to move the attack to"));
        }
    }
    if let Some(n) = named(&s.defender, |t| *t == Transform::Intercept) {
        notes.push(format!(
            "{n} on the defender: it acts when its unit is the --interceptor of an attack on another"
        ));
    }
    if s.mode.is_none() {
        if let Some(n) = named(&s.attacker, |t| matches!(t, Transform::OtherArena { .. })) {
            notes.push(format!(
                "{n}: an ordinary attack; --mode makes the attack into the other arena"
            ));
        }
    }
    for unit in [&s.attacker, &s.defender] {
        if let Some(n) = named(unit, |t| *t == Transform::StandaloneDice) {
            notes.push(format!(
                "{n}: acts outside attacks; holodice swtcg dice --count X --target SPEC rolls it"
            ));
        }
    }

    // 1. Attack declared: the target must be legal; then an interceptor may take the attack.
    let original = stats_of(&s.defender);
    if original.hidden() {
        return Err(Error::Illegal(
            "the defender has Stealth and is untapped with no damage counters, so it can't be \
             attacked (add 'Tapped' or 'Damage 1' to its SPEC if it is)"
                .into(),
        ));
    }
    let mut defender = &s.defender;
    let mut intercepted = false;
    if let Some(interceptor) = &s.interceptor {
        let takes = named(interceptor, |t| *t == Transform::Intercept).is_some();
        let redirect = named(&s.defender, |t| *t == Transform::Redirect).is_some();
        if !takes && !redirect {
            return Err(Error::Input(
                "--interceptor takes the attack only with Intercept in its SPEC or Redirect in \
                 the defender's: add one of them"
                    .into(),
            ));
        }
        let i = stats_of(interceptor);
        if named(&s.attacker, |t| *t == Transform::CannotBeIntercepted).is_some() {
            notes.push(
                "Precision: the attack can't be intercepted or redirected; it stays on the \
                 defender"
                    .into(),
            );
        } else if i.hidden() {
            notes.push(
                "the interceptor has Stealth and is untapped with no damage counters, so it \
                 can't be attacked: the attack stays on the defender"
                    .into(),
            );
        } else if i.health.is_some_and(|h| i.damage >= h) {
            notes.push(
                "the interceptor is already discarded: the attack stays on the defender".into(),
            );
        } else {
            defender = interceptor;
            intercepted = true;
            notes.push(format!(
                "the attack moves to the interceptor ({}): its keywords apply",
                if redirect { "Redirect" } else { "Intercept" }
            ));
        }
    }
    let mut c = Compiled::new(&s.attacker, defender);
    notes.append(&mut c.notes);
    let (att, def) = (&c.att, &c.def);
    let power = attack_power(s, att)?;
    for (role, unit) in [("attacker", att), ("defender", def)] {
        if let Some(h) = unit.health.filter(|&h| unit.damage >= h) {
            return Err(Error::Illegal(format!(
                "the {role} already has {} damage counters, at least its health {h}: it is discarded",
                unit.damage
            )));
        }
    }
    if def.multiplier > 1 && !rules.double_damage_all() {
        notes.push(
            "Double Damage on the defender: it doubles only its attack damage \
             (double-damage=attack-only), so nothing here"
                .into(),
        );
    }
    let lucky = (att.lucky, def.lucky);
    if s.policy == Policy::Greedy && s.objective != Objective::Mean && lucky != (0, 0) {
        notes.push(format!(
            "--objective {}: the greedy policy does not read it; --policy optimal does",
            s.objective.describe()
        ));
    }
    if att.bounty && def.health.is_none() {
        notes.push("Bounty: the defender has no Health, so it can't be discarded".into());
    }
    let secondary = s.secondary.as_ref().map(stats_of);
    if let Some(unit) = &s.secondary {
        let idle: Vec<&str> = unit
            .items
            .iter()
            .filter(|i| !receives_damage(&i.keyword.transform))
            .map(|i| i.keyword.name.as_str())
            .collect();
        if !idle.is_empty() {
            notes.push(format!(
                "secondary unit: {} no effect on Overkill's damage or Area Damage's dice",
                match idle.as_slice() {
                    [one] => format!("{one} has"),
                    many => format!("{} have", many.join(", ")),
                }
            ));
        }
    }
    if let Some(sec) = &secondary {
        if let Some(h) = sec.health.filter(|&h| sec.damage >= h) {
            return Err(Error::Illegal(format!(
                "the secondary unit already has {} damage counters, at least its health {h}: it \
                 is discarded",
                sec.damage
            )));
        }
    }
    let retaliate = def.dice_of(Target::Attacker, When::AttackEnds);
    let retaliate = if s.mode.is_some() && retaliate > 0 {
        notes.push("Retaliate does not answer an attack from another arena".into());
        0
    } else {
        retaliate
    };
    let area = att.dice_of(Target::Secondary, When::Discard);
    if secondary.is_none() {
        if att.overkill {
            notes.push("Overkill: no --secondary unit, so every hit stays on the defender".into());
        }
        if area > 0 {
            notes.push("Area Damage: no --secondary unit to roll it at".into());
        }
    } else if att.overkill && def.health.is_none() {
        notes.push(
            "Overkill: the defender has no Health, so no hit is beyond it and none moves".into(),
        );
    }
    let avenge = def.dice_of(Target::Attacker, When::Discard);
    let backfire = c
        .triggers
        .iter()
        .find(|t| t.effect == Effect::DiceToSelf)
        .map(|t| (t.face, t.amount));
    let backfire_x = backfire.map_or(0, |(_, x)| x);
    for (what, x) in [
        ("Retaliate", retaliate),
        ("Area Damage", area),
        ("Avenge", avenge),
        ("Backfire", backfire_x),
        ("Overload", att.overload),
    ] {
        check_dice(what, x)?;
    }

    // 2. Roll attack dice: one per point of power (Shields, Resilience, Overload and power carried
    //    from earlier attacks change it), then the extra dice of initial-roll triggers (Fury).
    //    Dice of damage branch every outcome of the attack roll: their cost is a product too.
    let (dice, extra) = attack_dice(s, &c, power)?;
    damage_work(&damage_rolls(s, &c), dice + extra)?;
    let auto_hit = rules.auto_hit();
    let hit_on = def.hit_on;
    let hits = |face: u8| match face {
        6 if auto_hit => true,
        1 if auto_hit => false,
        _ => i64::from(face) + c.accuracy >= hit_on,
    };
    let mut tracked: Vec<u8> = c.triggers.iter().map(|t| t.face).collect();
    tracked.sort_unstable();
    tracked.dedup();
    let read_on = |roll: Roll| -> Vec<u8> {
        tracked
            .iter()
            .copied()
            .filter(|&f| c.triggers.iter().any(|t| t.face == f && t.roll == roll))
            .collect()
    };
    let (initial_faces, final_faces) = (read_on(Roll::Initial), read_on(Roll::Final));
    let sides = attack_die().faces.len() as u8;
    let extra_dice: Vec<(u8, u32)> = c
        .triggers
        .iter()
        .filter(|t| t.effect == Effect::ExtraDice)
        .map(|t| (t.face, t.amount as u32))
        .collect();

    let needs_hit = rules.critical_hit_needs_hit();
    let bonus_counts = |t: &Trigger| !needs_hit || hits(t.face);
    let remaining = def.health.map(|h| h - def.damage);
    let prevent_first = rules.prevent_before_double();
    let outcome = |h: i64, seen: Faces| -> Out {
        let bonus = c.fired(Effect::BonusDamage, seen, bonus_counts);
        let parry = c.fired(Effect::Prevent, seen, |_| true);
        let on_defender = |kept: i64| {
            // 5. Pending damage: hits kept on the defender plus bonus damage (Critical Hit).
            let pending = kept + bonus;
            // 6. Prevention (Absorb, Deflect, Parry's trigger, Evade), then 7. counters.
            let unpreventable = if att.unpreventable {
                pending
            } else if rules.critical_hit_preventable() {
                0
            } else {
                bonus
            };
            let placed = place(
                pending,
                unpreventable,
                def.guard,
                parry,
                att.multiplier,
                prevent_first,
            );
            let destroyed = remaining.is_some_and(|r| placed.counters >= r);
            (pending, placed, destroyed)
        };
        // 4. Assign hits: Overkill moves hits beyond the defender's remaining health.
        let excess = match (&secondary, remaining) {
            (Some(_), Some(r)) if att.overkill => (h - r).max(0),
            _ => 0,
        };
        let moved = if rules.overkill_all() {
            excess
        } else {
            (1..=excess)
                .rev()
                .find(|&k| on_defender(h - k).2)
                .unwrap_or(0)
        };
        let (pending, placed, destroyed) = on_defender(h - moved);
        // Overkill's damage is not dice: only the secondary's Evade, Absorb and Deflect apply.
        let secondary_counters = secondary.as_ref().map_or(0, |sec| {
            let fixed = if att.unpreventable { moved } else { 0 };
            place(moved, fixed, sec.guard, 0, att.multiplier, prevent_first).counters
        });
        // 9. Attack ends: Riposte's fixed damage to the attacker, which the attacker's own
        //    prevention meets; Double Damage doubles it only under double-damage=all-damage.
        let riposte = if destroyed && !rules.riposte_after_discard() {
            0
        } else {
            c.fired(Effect::DamageAttacker, seen, |_| true)
        };
        let on_attacker = place(
            riposte,
            if def.unpreventable { riposte } else { 0 },
            att.guard,
            0,
            if rules.double_damage_all() {
                def.multiplier
            } else {
                1
            },
            prevent_first,
        );
        Out {
            hits: h,
            pending,
            seen: seen.bits(),
            counters: placed.counters,
            destroyed,
            absorbed: placed.absorbed,
            deflected: placed.deflected,
            secondary: secondary_counters,
            attacker_counters: on_attacker.counters,
            attacker_absorbed: on_attacker.absorbed,
            attacker_deflected: on_attacker.deflected,
            focus: c.fired(Effect::NextPower, seen, |_| true),
            attacker_hurt: on_attacker.counters > 0,
            hurt_by_defender: on_attacker.counters > 0,
        }
    };

    // 3. Re-rolls: Lucky on either side, chosen by the policy for the objective.
    // Extra dice need power dice to trigger them, so with none there is nothing to re-roll.
    let rerolls = lucky != (0, 0) && dice > 0;
    if let (Objective::Destroy, None, true) = (s.objective, def.health, rerolls) {
        return Err(Error::Input(
            "--objective destroy needs the defender's Health: add one, as in --defender \
             'Health 4'"
                .into(),
        ));
    }
    let pool = lucky::Pool {
        power_dice: dice as u32,
        sides,
        hits: &hits,
        tracked: &tracked,
        initial: &initial_faces,
        final_faces: &final_faces,
        extra: &extra_dice,
        extra_count_final: rules.fury_dice_triggers(),
    };
    let roll = if rerolls {
        let value = |h: i64, seen: Faces| -> f64 {
            let o = outcome(h, seen);
            match s.objective {
                Objective::Mean => o.counters as f64,
                Objective::Destroy => f64::from(u8::from(o.destroyed)),
                Objective::AtLeast(k) => f64::from(u8::from(o.counters >= k)),
            }
        };
        lucky::roll(
            &pool,
            &lucky::Rerolls {
                attacker: lucky.0 as u32,
                defender: lucky.1 as u32,
                attacker_first: rules.attacker_rerolls_first(),
                reroll_again: rules.reroll_twice(),
                policy: s.policy,
            },
            &value,
        )?
    } else {
        roll_without_rerolls(&pool)
    };

    let base = roll.to_states(outcome);

    // 8. Discard triggers and 9. the attack's end: dice of damage, independent of the attack
    //    roll, at the secondary (Area Damage) and the attacker (Avenge, Retaliate, Backfire,
    //    Overload), each an instance of damage of its own.
    let all_damage = rules.double_damage_all();
    let at_secondary = secondary.as_ref().filter(|_| area > 0).map(|sec| {
        dice_of_damage(
            area,
            sec,
            att.unpreventable,
            if all_damage { att.multiplier } else { 1 },
            prevent_first,
        )
    });
    let instance = |x: i64, unpreventable: bool, multiplier: i64| {
        (x > 0).then(|| dice_of_damage(x, att, unpreventable, multiplier, prevent_first))
    };
    let avenge_dice = instance(avenge, false, 1);
    let retaliate_dice = instance(
        retaliate,
        def.unpreventable,
        if all_damage { def.multiplier } else { 1 },
    );
    let backfire_dice = backfire.and_then(|(_, x)| instance(x, att.unpreventable, 1));
    let overload_dice = instance(att.overload, att.unpreventable, 1);
    let any_attacker_dice = avenge_dice.is_some()
        || retaliate_dice.is_some()
        || backfire_dice.is_some()
        || overload_dice.is_some();
    let outcomes = if any_attacker_dice || at_secondary.is_some() {
        base.and_then(|o| {
            let seen = Faces::from_bits(o.seen);
            let mut states = States::certain(o.clone());
            let on =
                |states: States<Out>, dice: &Option<States<Placed>>, f: fn(&mut Out, Placed)| {
                    match dice {
                        Some(d) => states.and_then(|o| {
                            d.map(|p| {
                                let mut o = o.clone();
                                f(&mut o, *p);
                                o
                            })
                        }),
                        None => states,
                    }
                };
            if o.destroyed {
                states = on(states, &at_secondary, |o, p| o.secondary += p.counters);
                states = on(states, &avenge_dice, |o, p| {
                    on_attacker(o, p);
                    o.attacker_hurt |= p.counters > 0;
                });
            }
            states = on(states, &retaliate_dice, |o, p| {
                on_attacker(o, p);
                o.attacker_hurt |= p.counters > 0;
                o.hurt_by_defender |= p.counters > 0;
            });
            if backfire.is_some_and(|(face, _)| seen.contains(face)) {
                states = on(states, &backfire_dice, on_attacker);
            }
            on(states, &overload_dice, on_attacker)
        })
    } else {
        base
    };

    // What the reader sees: marginals of the joint outcomes.
    let dist = |f: &dyn Fn(&Out) -> i64| outcomes.to_dist(f);
    let prob = |f: &dyn Fn(&Out) -> bool| outcomes.to_dist(|o| i64::from(f(o))).prob(1);
    let hits_dist = dist(&|o| o.hits);
    let triggers = c
        .triggers
        .iter()
        .map(|t| {
            let counts = t.effect != Effect::BonusDamage || bonus_counts(t);
            let p = prob(&|o| counts && Faces::from_bits(o.seen).contains(t.face));
            (t.keyword.clone(), p)
        })
        .collect();
    let has_effect = |e: Effect| c.triggers.iter().any(|t| t.effect == e);
    let foresight = att.foresight.then(|| {
        let predicted = if rules.foresight_damage() {
            dist(&|o| o.pending)
        } else {
            hits_dist.clone()
        };
        let best = predicted.mode();
        (best, predicted.prob(best))
    });
    // Damage on the attacker is reported only when something in this attack can cause it.
    let attacker_hit = has_effect(Effect::DamageAttacker) || any_attacker_dice;
    let with_x = |x: i64, f: &dyn Fn(&Out) -> bool| (x > 0).then(|| (x, prob(f)));
    Ok(Attack {
        dice,
        damage: dist(&|o| o.counters),
        attacker_damage: if attacker_hit {
            dist(&|o| o.attacker_counters)
        } else {
            Dist::constant(0)
        },
        destroyed: def.health.map(|_| prob(&|o| o.destroyed)),
        attacker_destroyed: att
            .health
            .map(|h| prob(&|o| att.damage + o.attacker_counters >= h)),
        secondary_damage: secondary.as_ref().map(|_| dist(&|o| o.secondary)),
        secondary_destroyed: secondary
            .as_ref()
            .and_then(|sec| sec.health.map(|h| prob(&|o| sec.damage + o.secondary >= h))),
        triggers,
        focus_power: has_effect(Effect::NextPower).then(|| dist(&|o| o.focus)),
        absorb_power: (def.guard.absorb > 0).then(|| dist(&|o| o.absorbed)),
        attacker_absorb_power: (att.guard.absorb > 0 && attacker_hit)
            .then(|| dist(&|o| o.attacker_absorbed)),
        deflect_damage: (def.guard.deflect > 0).then(|| dist(&|o| o.deflected)),
        attacker_deflect_damage: (att.guard.deflect > 0 && attacker_hit)
            .then(|| dist(&|o| o.attacker_deflected)),
        stun: with_x(att.stun, &|o| o.counters > 0),
        defender_stun: with_x(def.stun, &|o| o.hurt_by_defender),
        surge: with_x(def.surge, &|o| o.counters > 0),
        attacker_surge: with_x(att.surge, &|o| o.attacker_hurt),
        bounty: (att.bounty && def.health.is_some()).then(|| prob(&|o| o.destroyed)),
        foresight,
        defender_resilience: (def.resilience > 0)
            .then(|| prob(&|o| !o.destroyed && def.damage + o.counters >= def.resilience)),
        intercepted,
        lucky: rerolls.then_some(lucky),
        hits: hits_dist,
        outcomes,
        notes,
    })
}

/// Adds one instance of damage on the attacker to an outcome.
fn on_attacker(o: &mut Out, p: Placed) {
    o.attacker_counters += p.counters;
    o.attacker_absorbed += p.absorbed;
    o.attacker_deflected += p.deflected;
}

/// The attack roll with no re-rolls: power dice, then each extra-dice trigger's dice where its
/// face showed.
fn roll_without_rerolls(pool: &lucky::Pool) -> NaturalRoll {
    let extra_counts: &[u8] = if pool.extra_count_final {
        pool.final_faces
    } else {
        &[]
    };
    let mut roll = NaturalRoll::pool(
        pool.power_dice,
        pool.sides,
        pool.hits,
        pool.tracked,
        pool.tracked,
    );
    for &(face, n) in pool.extra {
        let more = NaturalRoll::pool(n, pool.sides, pool.hits, pool.tracked, extra_counts);
        roll = roll.extend_if(face, &more);
    }
    roll
}

/// Whether a keyword of a unit matters when it receives damage that is not an attack on it.
fn receives_damage(t: &Transform) -> bool {
    matches!(
        t,
        Transform::Stat { .. }
            | Transform::HitThreshold { .. }
            | Transform::PreventUpTo
            | Transform::Absorb
            | Transform::Deflect
    )
}

/// The result of dice of damage rolled on their own (Ambush, or a Retaliate looked at alone).
#[derive(Debug, Clone)]
pub struct DiceResult {
    pub count: i64,
    pub hits: Dist,
    pub damage: Dist,
    pub destroyed: Option<BigRational>,
    pub absorb_power: Option<Dist>,
    pub deflect_damage: Option<Dist>,
    /// P(the target's Surge gives a unit +X power: the dice placed counters), with X.
    pub surge: Option<(i64, BigRational)>,
    pub notes: Vec<String>,
}

/// `count` dice of damage at `target`: 4+ hits (5+ against Armor), its prevention applies.
///
/// ```
/// use holodice::swtcg::{attack::dice, spec::Unit};
/// let target = Unit::parse("target", "Health 2, Armor").unwrap();
/// let r = dice(2, &target, false).unwrap();
/// // Both dice must hit on 5+: (1/3)².
/// assert_eq!(r.destroyed.unwrap().to_string(), "1/9");
/// ```
pub fn dice(count: i64, target: &Unit, unpreventable: bool) -> Result<DiceResult, Error> {
    check_dice("--count", count)?;
    let t = stats_of(target);
    if let Some(h) = t.health.filter(|&h| t.damage >= h) {
        return Err(Error::Illegal(format!(
            "the target already has {} damage counters, at least its health {h}: it is discarded",
            t.damage
        )));
    }
    let mut notes = target.notes.clone();
    for item in &target.items {
        let k = item.keyword;
        if !receives_damage(&k.transform) && k.transform != Transform::Surge {
            notes.push(format!(
                "{}: no effect on dice of damage at this unit",
                k.name
            ));
        }
    }
    let placed = dice_of_damage(count, &t, unpreventable, 1, true);
    let sides = attack_die().faces.len() as u32;
    let hitting = (sides as i64 - t.hit_on + 1).clamp(0, sides as i64) as u32;
    Ok(DiceResult {
        count,
        hits: Dist::binomial(count as u32, hitting, sides),
        damage: placed.to_dist(|p| p.counters),
        destroyed: t.health.map(|h| {
            placed
                .to_dist(|p| i64::from(t.damage + p.counters >= h))
                .prob(1)
        }),
        absorb_power: (t.guard.absorb > 0).then(|| placed.to_dist(|p| p.absorbed)),
        deflect_damage: (t.guard.deflect > 0).then(|| placed.to_dist(|p| p.deflected)),
        surge: (t.surge > 0).then(|| {
            let hurt = placed.to_dist(|p| i64::from(p.counters > 0)).prob(1);
            (t.surge, hurt)
        }),
        notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guard(absorb: i64, deflect: i64, evade: i64) -> Guard {
        Guard {
            absorb,
            deflect,
            evade,
        }
    }

    fn counters(p: Placed) -> (i64, i64, i64) {
        (p.counters, p.absorbed, p.deflected)
    }

    #[test]
    fn placing_damage_prevents_then_doubles() {
        // 3 pending, 1 prevented, doubled: 4 counters.
        assert_eq!(counters(place(3, 0, guard(0, 0, 1), 0, 2, true)), (4, 0, 0));
        // Doubled first: 6, then 1 prevented: 5.
        assert_eq!(
            counters(place(3, 0, guard(0, 0, 0), 1, 2, false)),
            (5, 0, 0)
        );
        // Absorb takes first, Deflect next, Evade the rest, never below the unpreventable part.
        assert_eq!(counters(place(5, 2, guard(2, 0, 9), 0, 1, true)), (2, 2, 0));
        assert_eq!(counters(place(1, 0, guard(4, 0, 0), 0, 1, true)), (0, 1, 0));
        assert_eq!(counters(place(4, 0, guard(1, 2, 0), 0, 1, true)), (1, 1, 2));
    }
}
