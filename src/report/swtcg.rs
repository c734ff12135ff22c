//! The answers of SWTCG queries, typed as JSON spells them (an attack, dice of damage, a
//! sequence), and the report people read of each, with every label.

use super::answer::{Answer, View};
use super::entries::Numbered;
use super::values::{Distribution, Fraction};
use super::{Entry, Report, Value, SCHEMA};
use holodice_engine::game::{Objective, Policy};
use holodice_engine::swtcg::attack::choose::{self, Chosen};
use holodice_engine::swtcg::attack::{Attack, DiceResult, Scenario};
use holodice_engine::swtcg::sequence::{self, Attackers, Sequence, SequenceResult};
use holodice_engine::swtcg::unit::Unit;
use holodice_engine::swtcg::{key_of, keywords, rules};
use holodice_engine::vocabulary::Vocabulary;
use indexmap::IndexMap;
use num_traits::Zero;
use serde::Serialize;

/// `swtcg attack`'s answer: the units, every variable of the attack, the rules used.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "SwtcgAttackAnswer")
)]
pub struct AttackAnswer {
    pub schema: u32,
    pub attacker: String,
    pub defender: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interceptor: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secondary: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
    /// Attack dice rolled for power.
    pub dice: i64,
    pub damage: Distribution,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub destroyed: Option<Fraction>,
    pub hits: Distribution,
    pub attacker_damage: Distribution,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attacker_destroyed: Option<Fraction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secondary_damage: Option<Distribution>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secondary_destroyed: Option<Fraction>,
    /// Each trigger's chance, keyed by its keyword's key.
    #[serde(skip_serializing_if = "IndexMap::is_empty")]
    pub triggers: IndexMap<String, Trigger>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub focus_power: Option<Distribution>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub absorb_power: Option<Distribution>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attacker_absorb_power: Option<Distribution>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deflect_damage: Option<Distribution>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attacker_deflect_damage: Option<Distribution>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub persuade_power: Option<Distribution>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stun: Option<PowerChance>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defender_stun: Option<PowerChance>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub surge: Option<PowerChance>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attacker_surge: Option<PowerChance>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bounty: Option<Fraction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub consume: Option<Fraction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub foresight: Option<Prediction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forewarning: Option<Prediction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choices: Option<Choices>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub follow_up: Option<FollowUp>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defender_resilience: Option<Fraction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rerolls: Option<Rerolls>,
    /// The same attack with the Enhance effects unpaid (`--enhance`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub without_enhance: Option<Unpaid>,
    /// The same attack with no ability paid, when a unit pays for one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub without_paid: Option<Unpaid>,
    pub rules: Rules,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// Whether the interceptor took the attack: the labels then name it, the keys stay.
    #[serde(skip)]
    pub intercepted: bool,
}

/// A keyword's chance to fire; people read it under the keyword's name.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "native", derive(schemars::JsonSchema))]
#[serde(transparent)]
pub struct Trigger {
    #[serde(skip)]
    pub name: String,
    pub chance: Fraction,
}

/// The chance Stun takes, or Surge gives, `power`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "native", derive(schemars::JsonSchema))]
#[serde(transparent)]
pub struct PowerChance {
    #[serde(skip)]
    pub power: i64,
    pub chance: Fraction,
}

impl PowerChance {
    fn of((power, chance): &(i64, num_rational::BigRational)) -> PowerChance {
        PowerChance {
            power: *power,
            chance: chance.into(),
        }
    }
}

/// Foresight's or Forewarning's best prediction and the chance it is right.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "native", derive(schemars::JsonSchema))]
pub struct Prediction {
    pub prediction: i64,
    pub probability: Fraction,
}

/// The options the units' choices took (`choose:`), keyed by role (`attacker`, or
/// `attacker_1`, `attacker_2`, … for a unit with several), and the policy's rule.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "native", derive(schemars::JsonSchema))]
pub struct Choices {
    #[serde(flatten)]
    pub taken: IndexMap<String, Choice>,
    pub rule: String,
}

/// The option a unit took, among those it had.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "native", derive(schemars::JsonSchema))]
#[serde(transparent)]
pub struct Choice {
    #[serde(skip)]
    pub role: &'static str,
    pub option: String,
    #[serde(skip)]
    pub options: Vec<String>,
}

/// The second attack Double Strike or Tenacity allows on the same defender.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "native", derive(schemars::JsonSchema))]
pub struct FollowUp {
    pub keyword: String,
    pub made: Fraction,
    /// The counters of both attacks.
    pub damage: Distribution,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub destroyed: Option<Fraction>,
    /// The chance of each option in the second attack, keyed `role_option`.
    #[serde(skip_serializing_if = "IndexMap::is_empty")]
    pub choices: IndexMap<String, OptionChance>,
}

/// The chance a unit takes an option.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "native", derive(schemars::JsonSchema))]
#[serde(transparent)]
pub struct OptionChance {
    #[serde(skip)]
    pub role: &'static str,
    #[serde(skip)]
    pub option: String,
    pub chance: Fraction,
}

/// The policy and objective Lucky's re-rolls followed, and in an attack each side's Lucky.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "SwtcgRerolls")
)]
pub struct Rerolls {
    pub policy: String,
    pub objective: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attacker_lucky: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defender_lucky: Option<i64>,
}

/// An attack computed another way (without Enhance, without paid abilities).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "native", derive(schemars::JsonSchema))]
pub struct Unpaid {
    pub damage: Distribution,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub destroyed: Option<Fraction>,
}

/// Every rule option's value, in [`rules::OPTIONS`]' order.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "SwtcgRuleValues")
)]
#[serde(transparent)]
pub struct Rules(pub IndexMap<&'static str, &'static str>);

fn fraction(p: &Option<num_rational::BigRational>) -> Option<Fraction> {
    p.as_ref().map(Fraction::from)
}

fn distribution(d: &Option<holodice_engine::dist::Dist>) -> Option<Distribution> {
    d.as_ref().map(Distribution::from)
}

impl AttackAnswer {
    /// The answer of attack `a`, made in scenario `s`.
    pub fn new(s: &Scenario, a: &Attack) -> AttackAnswer {
        let prediction = |p: &Option<(i64, num_rational::BigRational)>| {
            p.as_ref().map(|(k, p)| Prediction {
                prediction: *k,
                probability: p.into(),
            })
        };
        AttackAnswer {
            schema: SCHEMA,
            attacker: s.attacker.describe(),
            defender: s.defender.describe(),
            interceptor: s.interceptor.as_ref().map(Unit::describe),
            secondary: s.secondary.as_ref().map(Unit::describe),
            mode: s.mode.map(|m| m.name().into()),
            dice: a.dice,
            damage: (&a.damage).into(),
            destroyed: fraction(&a.destroyed),
            hits: (&a.hits).into(),
            attacker_damage: (&a.attacker_damage).into(),
            attacker_destroyed: fraction(&a.attacker_destroyed),
            secondary_damage: distribution(&a.secondary_damage),
            secondary_destroyed: fraction(&a.secondary_destroyed),
            triggers: (a.triggers.iter())
                .map(|(name, p)| {
                    let chance = p.into();
                    (
                        key_of(name),
                        Trigger {
                            name: name.clone(),
                            chance,
                        },
                    )
                })
                .collect(),
            focus_power: distribution(&a.focus_power),
            absorb_power: distribution(&a.absorb_power),
            attacker_absorb_power: distribution(&a.attacker_absorb_power),
            deflect_damage: distribution(&a.deflect_damage),
            attacker_deflect_damage: distribution(&a.attacker_deflect_damage),
            persuade_power: distribution(&a.persuade_power),
            stun: a.stun.as_ref().map(PowerChance::of),
            defender_stun: a.defender_stun.as_ref().map(PowerChance::of),
            surge: a.surge.as_ref().map(PowerChance::of),
            attacker_surge: a.attacker_surge.as_ref().map(PowerChance::of),
            bounty: fraction(&a.bounty),
            consume: fraction(&a.consume),
            foresight: prediction(&a.foresight),
            forewarning: prediction(&a.forewarning),
            choices: (!a.chosen.is_empty()).then(|| Choices::new(s, &a.chosen)),
            follow_up: a.follow_up.as_ref().map(FollowUp::new),
            defender_resilience: fraction(&a.defender_resilience),
            rerolls: (a.lucky).map(|(att, def)| Rerolls {
                attacker_lucky: Some(att),
                defender_lucky: Some(def),
                ..Rerolls::new(s.policy, s.objective)
            }),
            without_enhance: None,
            without_paid: None,
            rules: Rules::new(&s.rules),
            notes: crate::command::notes(&a.notes),
            intercepted: a.intercepted,
        }
    }

    /// The unit that took the attack, as the labels name it.
    fn target(&self) -> &'static str {
        match self.intercepted {
            true => "interceptor",
            false => "defender",
        }
    }

    /// The chance to destroy the unit that took the attack, and with a second attack (Fury,
    /// Double Strike, ...) the chance it is destroyed by then.
    fn headline(&self) -> Vec<Entry> {
        let mut head = vec![headline(self.target(), &self.damage, &self.destroyed)];
        if let Some(f) = &self.follow_up {
            head.extend(f.destroyed.as_ref().map(|p| {
                let label = format!(
                    "{} ({})",
                    said("destroyed_after_follow_up", "defender"),
                    f.keyword
                );
                Entry::prob("destroyed_after_follow_up", &label, p)
            }));
        }
        head
    }

    /// What the answer restates of its query: the units, the mode, and the dice power gives.
    fn scenario_entries(&self) -> Vec<Entry> {
        let mut entries = vec![
            Entry::text("attacker", "Attacker", &self.attacker),
            Entry::text("defender", "Defender", &self.defender),
        ];
        let unit = |key, label, u: &Option<String>| u.as_ref().map(|u| Entry::text(key, label, u));
        entries.extend(unit("interceptor", "Interceptor", &self.interceptor));
        entries.extend(unit("secondary", "Secondary unit", &self.secondary));
        entries.extend(self.mode.as_deref().map(mode_entry));
        entries.push(Entry::int("dice", "Attack dice for power", self.dice));
        entries
    }

    /// The damage on each unit the attack reaches, and the chances to destroy them.
    fn damage_entries(&self) -> Vec<Entry> {
        let target = self.target();
        let dist = |key: &str, d: &Distribution| Entry::dist(key, &said(key, target), d);
        let prob = |key: &str, p: &Fraction| Entry::prob(key, &said(key, target), p);
        let mut entries = vec![dist("damage", &self.damage)];
        entries.extend((self.destroyed.as_ref()).map(|p| prob("destroyed", p)));
        entries.push(dist("hits", &self.hits));
        entries.push(dist("attacker_damage", &self.attacker_damage));
        entries.extend((self.attacker_destroyed.as_ref()).map(|p| prob("attacker_destroyed", p)));
        entries.extend((self.secondary_damage.as_ref()).map(|d| dist("secondary_damage", d)));
        let secondary = self.secondary_destroyed.as_ref();
        entries.extend(secondary.map(|p| prob("secondary_destroyed", p)));
        entries
    }

    /// What the keywords that fire during the attack give: their chances, the power they
    /// carry to the next attacks, and the predictions.
    fn trigger_entries(&self) -> Vec<Entry> {
        let mut entries = Vec::new();
        if !self.triggers.is_empty() {
            let group = (self.triggers.iter())
                .map(|(key, t)| Entry::prob(key, &t.name, &t.chance))
                .collect();
            entries.push(Entry::group("triggers", &said("triggers", ""), group));
        }
        entries.extend(self.carried_power_entries());
        entries.extend(self.power_chance_entries());
        for (key, p) in [("bounty", &self.bounty), ("consume", &self.consume)] {
            entries.extend(p.as_ref().map(|p| Entry::prob(key, &said(key, ""), p)));
        }
        for (key, prediction) in [
            ("foresight", &self.foresight),
            ("forewarning", &self.forewarning),
        ] {
            entries.extend(prediction.as_ref().map(|p| {
                let best = Entry::int("prediction", "best prediction", p.prediction);
                let right = Entry::prob("probability", "right with", &p.probability);
                Entry::group(key, &said(key, ""), vec![best, right])
            }));
        }
        entries
    }

    /// The power and damage the attack leaves for what comes next (Focus, Absorb, Deflect,
    /// Persuade), each a distribution.
    fn carried_power_entries(&self) -> Vec<Entry> {
        [
            ("focus_power", &self.focus_power),
            ("absorb_power", &self.absorb_power),
            ("attacker_absorb_power", &self.attacker_absorb_power),
            ("deflect_damage", &self.deflect_damage),
            ("attacker_deflect_damage", &self.attacker_deflect_damage),
            ("persuade_power", &self.persuade_power),
        ]
        .into_iter()
        .filter_map(|(key, d)| Some(Entry::dist(key, &said(key, ""), d.as_ref()?)))
        .collect()
    }

    /// The chances that Stun takes, or Surge gives, X power.
    fn power_chance_entries(&self) -> Vec<Entry> {
        [
            ("stun", &self.stun),
            ("defender_stun", &self.defender_stun),
            ("surge", &self.surge),
            ("attacker_surge", &self.attacker_surge),
        ]
        .into_iter()
        .filter_map(|(key, fired)| {
            let PowerChance { power, chance } = fired.as_ref()?;
            let sign = if key.ends_with("stun") { "-" } else { "+" };
            let label = format!("{} {sign}{power} power", said(key, ""));
            Some(Entry::prob(key, &label, chance))
        })
        .collect()
    }

    /// What the units chose, the second attack a keyword makes, Resilience, the Lucky
    /// re-rolls, and the attack computed without what was paid.
    fn choice_entries(&self) -> Vec<Entry> {
        let mut entries = Vec::new();
        entries.extend(self.choices.as_ref().map(Choices::entry));
        entries.extend(self.follow_up.as_ref().map(FollowUp::entry));
        let resilience = self.defender_resilience.as_ref();
        entries.extend(
            resilience
                .map(|p| Entry::prob("defender_resilience", &said("defender_resilience", ""), p)),
        );
        entries.extend(self.rerolls.as_ref().map(Rerolls::entry));
        let unpaid = [
            ("without_enhance", "Without Enhance", &self.without_enhance),
            ("without_paid", "Without paid abilities", &self.without_paid),
        ];
        for (key, label, other) in unpaid {
            entries.extend(other.as_ref().map(|o| o.entry(key, label)));
        }
        entries
    }
}

impl Answer for AttackAnswer {
    fn view(&self) -> View {
        let mut entries = self.scenario_entries();
        entries.extend(self.damage_entries());
        entries.extend(self.trigger_entries());
        entries.extend(self.choice_entries());
        entries.push(self.rules.entry());
        View::Report(Report {
            title: "SWTCG attack (exact)".to_string(),
            headline: self.headline(),
            entries,
            notes: self.notes.clone(),
        })
    }
}

/// The chance to destroy the unit that took the damage, or without Health its mean counters.
fn headline(target: &str, damage: &Distribution, destroyed: &Option<Fraction>) -> Entry {
    match destroyed {
        Some(p) => Entry::prob("destroyed", &said("destroyed", target), p),
        None => Entry::new(
            "mean_damage",
            &said("mean_damage", target),
            Value::Number(damage.0.mean()),
        ),
    }
}

/// The phrase people read for the variable `key` about the unit `target`: the vocabulary's
/// (data/swtcg/variables.yaml).
fn said(key: &str, target: &str) -> String {
    Vocabulary::swtcg().label(key, target)
}

/// The mode the units attack in, as every answer shows it.
fn mode_entry(mode: &str) -> Entry {
    Entry::text("mode", "Mode", mode)
}

impl Choices {
    fn new(s: &Scenario, chosen: &[Chosen]) -> Choices {
        let of_role =
            |role: &str, among: &[Chosen]| among.iter().filter(|d| d.role == role).count();
        let taken = (chosen.iter().enumerate())
            .map(|(at, c)| {
                // A unit with several choices numbers them: attacker_1, attacker_2, ….
                let key = match of_role(c.role, chosen) {
                    1 => c.role.to_string(),
                    _ => format!("{}_{}", c.role, of_role(c.role, &chosen[..=at])),
                };
                let choice = Choice {
                    role: c.role,
                    option: c.option.clone(),
                    options: c.options.clone(),
                };
                (key, choice)
            })
            .collect();
        Choices {
            taken,
            rule: choose::rule(s.policy, s.objective),
        }
    }

    fn entry(&self) -> Entry {
        let mut group: Vec<Entry> = (self.taken.iter())
            .map(|(key, c)| {
                let label = format!("{}'s choice (of {})", c.role, c.options.join(" / "));
                Entry::text(key, &label, &c.option)
            })
            .collect();
        group.push(Entry::text("rule", "taken by", &self.rule));
        Entry::group("choices", "Choices", group)
    }
}

impl FollowUp {
    fn new(f: &sequence::FollowUp) -> FollowUp {
        FollowUp {
            keyword: f.keyword.clone(),
            made: (&f.made).into(),
            damage: (&f.counters).into(),
            destroyed: fraction(&f.destroyed),
            choices: (f.chosen.iter())
                .map(|(c, p)| {
                    let key = format!("{}_{}", c.role, key_of(&c.option));
                    let chance = OptionChance {
                        role: c.role,
                        option: c.option.clone(),
                        chance: p.into(),
                    };
                    (key, chance)
                })
                .collect(),
        }
    }

    fn entry(&self) -> Entry {
        let mut group = vec![
            Entry::text("keyword", "allowed by", &self.keyword),
            Entry::prob("made", "chance it is made", &self.made),
            Entry::dist("damage", "damage counters of both attacks", &self.damage),
        ];
        group
            .extend((self.destroyed.as_ref()).map(|p| {
                Entry::prob("destroyed", "chance to destroy the defender with either", p)
            }));
        if !self.choices.is_empty() {
            let taken = self.choices.iter().map(|(key, c)| {
                let label = format!("{}'s choice {}", c.role, c.option);
                Entry::prob(key, &label, &c.chance)
            });
            group.push(Entry::group(
                "choices",
                "chance of each choice in the second attack",
                taken.collect(),
            ));
        }
        Entry::group("follow_up", &said("follow_up", ""), group)
    }
}

impl Rerolls {
    /// The policy and objective alone (a sequence, a comparison).
    pub(super) fn new(policy: Policy, objective: Objective) -> Rerolls {
        Rerolls {
            policy: policy.name().into(),
            objective: objective.name(),
            attacker_lucky: None,
            defender_lucky: None,
        }
    }

    fn entry(&self) -> Entry {
        let lucky = |key, label, n: Option<i64>| n.map(|n| Entry::int(key, label, n));
        let mut group = vec![
            Entry::text("policy", "policy", &self.policy),
            Entry::text("objective", "objective", &self.objective),
        ];
        group.extend(lucky(
            "attacker_lucky",
            "attacker's Lucky",
            self.attacker_lucky,
        ));
        group.extend(lucky(
            "defender_lucky",
            "defender's Lucky",
            self.defender_lucky,
        ));
        Entry::group("rerolls", "Re-rolls (Lucky)", group)
    }
}

impl Unpaid {
    /// Attack `a`'s damage and chance to destroy.
    pub fn new(a: &Attack) -> Unpaid {
        Unpaid {
            damage: (&a.damage).into(),
            destroyed: fraction(&a.destroyed),
        }
    }

    fn entry(&self, key: &str, label: &str) -> Entry {
        let mut group = vec![Entry::dist("damage", "damage", &self.damage)];
        group.extend((self.destroyed.as_ref()).map(|p| Entry::prob("destroyed", "destroyed", p)));
        Entry::group(key, label, group)
    }
}

impl Rules {
    pub fn new(rules: &rules::Rules) -> Rules {
        Rules(rules.values().into_iter().collect())
    }

    /// Every option, those at their defaults as details.
    fn entry(&self) -> Entry {
        let items = (rules::OPTIONS.iter().zip(&self.0))
            .map(|(o, (name, v))| match *v == o.values[0] {
                true => Entry::detail(name, name, Value::Text(v.to_string())),
                false => Entry::text(name, name, v),
            })
            .collect();
        Entry::group("rules", "Rules", items)
    }
}

/// `swtcg dice`'s answer: dice of damage rolled on their own at a target.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "SwtcgDiceAnswer")
)]
pub struct DiceAnswer {
    pub schema: u32,
    pub target: String,
    pub count: i64,
    pub damage: Distribution,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub destroyed: Option<Fraction>,
    pub hits: Distribution,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub absorb_power: Option<Distribution>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deflect_damage: Option<Distribution>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub surge: Option<PowerChance>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

impl DiceAnswer {
    pub fn new(target: &Unit, r: &DiceResult) -> DiceAnswer {
        DiceAnswer {
            schema: SCHEMA,
            target: target.describe(),
            count: r.count,
            damage: (&r.damage).into(),
            destroyed: fraction(&r.destroyed),
            hits: (&r.hits).into(),
            absorb_power: distribution(&r.absorb_power),
            deflect_damage: distribution(&r.deflect_damage),
            surge: r.surge.as_ref().map(PowerChance::of),
            notes: crate::command::notes(&r.notes),
        }
    }
}

impl Answer for DiceAnswer {
    fn view(&self) -> View {
        let mut entries = vec![
            Entry::text("target", "Target", &self.target),
            Entry::int("count", "Dice of damage", self.count),
            Entry::dist("damage", &said("damage", "target"), &self.damage),
        ];
        entries.extend(
            (self.destroyed.as_ref())
                .map(|p| Entry::prob("destroyed", &said("destroyed", "target"), p)),
        );
        entries.push(Entry::dist("hits", "Hits", &self.hits));
        for (key, label, d) in [
            (
                "absorb_power",
                "Power for the target's next attack (Absorb)",
                &self.absorb_power,
            ),
            (
                "deflect_damage",
                "Damage the target's Deflect may send to a unit of its choice",
                &self.deflect_damage,
            ),
        ] {
            entries.extend(d.as_ref().map(|d| Entry::dist(key, label, d)));
        }
        entries.extend(self.surge.as_ref().map(|s| {
            let label = format!("Chance the target's Surge gives a unit +{} power", s.power);
            Entry::prob("surge", &label, &s.chance)
        }));
        View::Report(Report {
            title: "SWTCG dice of damage (exact)".to_string(),
            headline: vec![headline("target", &self.damage, &self.destroyed)],
            entries,
            notes: self.notes.clone(),
        })
    }
}

/// `swtcg sequence`'s answer: the defender's counters and chances by the end and attack by
/// attack, and with `--until-destroyed` the attacks needed.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "SwtcgSequenceAnswer")
)]
pub struct SequenceAnswer {
    pub schema: u32,
    pub attackers: String,
    pub defender: String,
    /// The attacks made, or until destroyed their cap.
    pub attacks: i64,
    #[serde(flatten)]
    pub until_destroyed: Option<UntilDestroyed>,
    pub counters: Distribution,
    pub destroyed: Fraction,
    pub destroyed_by: Numbered<Fraction>,
    pub shots_to_kill: ShotsToKill,
    pub counters_after: Numbered<Distribution>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attacker_destroyed_by: Option<Numbered<Fraction>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rerolls: Option<Rerolls>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
    pub rules: Rules,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// What `--until-destroyed` adds: the attacks needed (when the defender can be destroyed
/// within the cap) and the chance it outlasts the cap.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "SwtcgUntilDestroyed")
)]
pub struct UntilDestroyed {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attacks_needed: Option<Distribution>,
    pub never_destroyed: Fraction,
}

/// The chance each attack is the one that destroys the defender, and that none is.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "SwtcgShotsToKill")
)]
pub struct ShotsToKill {
    #[serde(flatten)]
    pub by: Numbered<Fraction>,
    pub survives: Fraction,
}

impl SequenceAnswer {
    pub fn new(s: &Sequence, r: &SequenceResult) -> SequenceAnswer {
        let until = s.until != sequence::Until::AllAttacks;
        let (attackers, attacks) = sequence_attackers(s, r, until);
        let last = r.counters_after.last().expect("a sequence has an attack");
        let numbered =
            |ps: &[num_rational::BigRational]| Numbered(ps.iter().map(Fraction::from).collect());
        SequenceAnswer {
            schema: SCHEMA,
            attackers,
            defender: s.defender.describe(),
            attacks,
            until_destroyed: until.then(|| UntilDestroyed {
                attacks_needed: r.attacks_needed().as_ref().map(Distribution::from),
                never_destroyed: Fraction(r.survives()),
            }),
            counters: last.into(),
            destroyed: Fraction(r.destroyed_by.last().cloned().unwrap_or_default()),
            destroyed_by: numbered(&r.destroyed_by),
            shots_to_kill: ShotsToKill {
                by: numbered(&r.shots_to_kill()),
                survives: Fraction(r.survives()),
            },
            counters_after: Numbered(r.counters_after.iter().map(Distribution::from).collect()),
            attacker_destroyed_by: r.attacker_destroyed_by.as_deref().map(numbered),
            rerolls: any_lucky(s).then(|| Rerolls::new(s.policy, s.objective)),
            mode: s.mode.map(|m| m.name().into()),
            rules: Rules::new(&s.rules),
            notes: crate::command::notes(&r.notes),
        }
    }

    fn destroyed_entry(&self) -> Entry {
        let label = "Chance the defender is destroyed by the end of the sequence";
        Entry::prob("destroyed", label, &self.destroyed)
    }

    /// The units, the attacks, and the defender's counters and chances by the end and attack
    /// by attack.
    fn sequence_entries(&self) -> Vec<Entry> {
        let until = self.until_destroyed.is_some();
        // Until destroyed, the per-attack lists are details: the attacks needed say it at once.
        let per_attack = |e: Entry| Entry { detail: until, ..e };
        let attacks = match until {
            true => "Most attacks (the cap)",
            false => "Attacks",
        };
        let mut shots = self.shots_to_kill.by.entries(Entry::prob);
        shots.push(Entry::prob(
            "survives",
            "survives",
            &self.shots_to_kill.survives,
        ));
        let mut entries = vec![
            Entry::text("attackers", "Attackers", &self.attackers),
            Entry::text("defender", "Defender", &self.defender),
            Entry::int("attacks", attacks, self.attacks),
        ];
        entries.extend(
            self.until_destroyed
                .as_ref()
                .map_or(vec![], |u| u.entries(self.attacks)),
        );
        entries.extend([
            Entry::dist(
                "counters",
                "Damage counters on the defender after the last attack",
                &self.counters,
            ),
            self.destroyed_entry(),
            per_attack(Entry::group(
                "destroyed_by",
                "Chance the defender is destroyed by attack",
                self.destroyed_by.entries(Entry::prob),
            )),
            per_attack(Entry::group(
                "shots_to_kill",
                "Attacks needed to destroy the defender",
                shots,
            )),
            per_attack(Entry::group(
                "counters_after",
                "Counters on the defender after attack",
                self.counters_after.entries(Entry::dist),
            )),
        ]);
        entries
    }
}

impl Answer for SequenceAnswer {
    fn view(&self) -> View {
        let mut entries = self.sequence_entries();
        entries.extend((self.attacker_destroyed_by.as_ref()).map(|by| {
            Entry::group(
                "attacker_destroyed_by",
                "Chance the attacker is destroyed by attack",
                by.entries(Entry::prob),
            )
        }));
        entries.extend(self.rerolls.as_ref().map(Rerolls::entry));
        entries.extend(self.mode.as_deref().map(mode_entry));
        entries.push(self.rules.entry());
        let headline = match &self.until_destroyed {
            Some(u) => u.headline(self.attacks),
            None => vec![self.destroyed_entry()],
        };
        View::Report(Report {
            title: "SWTCG attack sequence (exact)".to_string(),
            headline,
            entries,
            notes: self.notes.clone(),
        })
    }
}

impl UntilDestroyed {
    /// ", when destroyed within N attacks" when the defender may outlast the `cap`.
    fn within(&self, cap: i64) -> String {
        match self.never_destroyed.0.is_zero() {
            true => String::new(),
            false => format!(", when destroyed within {cap} attacks"),
        }
    }

    fn never(&self, cap: i64) -> Entry {
        let label = format!("Chance the defender is not destroyed within {cap} attacks");
        Entry::prob("never_destroyed", &label, &self.never_destroyed)
    }

    /// The attacks needed and the chance the defender outlasts the `cap`.
    fn entries(&self, cap: i64) -> Vec<Entry> {
        let within = self.within(cap);
        let label = format!("Attacks to destroy the defender{within}");
        let needed = self.attacks_needed.as_ref();
        let mut entries: Vec<Entry> = needed
            .map(|d| Entry::dist("attacks_needed", &label, d))
            .into_iter()
            .collect();
        entries.push(self.never(cap));
        entries
    }

    /// The mean attacks needed and the chance the defender outlasts the `cap`.
    fn headline(&self, cap: i64) -> Vec<Entry> {
        let within = self.within(cap);
        let label = format!("Mean attacks to destroy the defender{within}");
        let needed = self.attacks_needed.as_ref();
        let mut headline: Vec<Entry> = needed
            .map(|d| Entry::new("mean_attacks", &label, Value::Number(d.0.mean())))
            .into_iter()
            .collect();
        headline.push(self.never(cap));
        headline
    }
}

/// The attackers as the answer names them, and the count of attacks (the cap when attacking
/// until destroyed).
fn sequence_attackers(s: &Sequence, r: &SequenceResult, until: bool) -> (String, i64) {
    let (attackers, n) = match &s.attackers {
        Attackers::Same(u, n) => (format!("{} (attacks {n} times)", u.describe()), *n),
        Attackers::Each(list) => {
            let names: Vec<String> = list.iter().map(Unit::describe).collect();
            (names.join(" | "), list.len())
        }
    };
    match until {
        true => (
            attackers.replace(&format!("attacks {n} times"), "attacks until destroyed"),
            r.cap as i64,
        ),
        false => (attackers, n as i64),
    }
}

/// Whether a unit of the sequence re-rolls (Lucky): the answer then says by which policy.
fn any_lucky(s: &Sequence) -> bool {
    let lucky =
        |u: &Unit| (u.items.iter()).any(|i| i.keyword.transform == keywords::Transform::Reroll);
    lucky(&s.defender)
        || match &s.attackers {
            Attackers::Same(u, _) => lucky(u),
            Attackers::Each(list) => list.iter().any(lucky),
        }
}

/// The rule options off their defaults, in one phrase.
pub fn rules_line(rules: &rules::Rules) -> String {
    format!("rules: {}", rules.summary())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The corpus records no sequence whose attacker has Health: its `attacker_destroyed_by`
    /// comes after the per-attack lists, keyed by attack as they are.
    #[test]
    fn a_sequence_attacker_with_health_is_destroyed_by_attack_after_the_lists() {
        let unit = |role, spec| Unit::parse(role, spec).expect("a valid SPEC");
        let s = Sequence {
            attackers: Attackers::Same(unit("attacker", "Power 2, Health 2"), 2),
            defender: unit("defender", "Health 5, Retaliate 1"),
            mode: None,
            policy: Default::default(),
            objective: Default::default(),
            rules: rules::Rules::default(),
            until: Default::default(),
        };
        let r = sequence::sequence(&s).expect("a sequence");
        let json = serde_json::to_value(SequenceAnswer::new(&s, &r)).expect("it serializes");
        let keys: Vec<&String> = json.as_object().expect("an object").keys().collect();
        let lists = ["destroyed_by", "shots_to_kill", "counters_after"];
        let at = |key: &str| keys.iter().position(|k| *k == key).expect(key);
        assert!(lists.iter().all(|l| at(l) < at("attacker_destroyed_by")));
        assert_eq!(at("attacker_destroyed_by") + 1, at("rules"));
        let by = json["attacker_destroyed_by"]
            .as_object()
            .expect("an object");
        assert_eq!(by.keys().collect::<Vec<_>>(), ["1", "2"]);
    }
}
