//! The answer of a Legion attack, typed as JSON spells it (the variables, the SPECs, the
//! edition and policy used), and the report people read of it, with every label.

use super::answer::{Answer, View};
use super::resolved::Resolved;
use super::values::{Distribution, Fraction};
use super::{squeeze, Entry, Report, Value, SCHEMA};
use holodice_engine::legion::attack::LegionAttack;
use holodice_engine::legion::minis;
use holodice_engine::legion::Scenario;
use holodice_engine::policy::{Objective, Policy};
use holodice_engine::vocabulary::Vocabulary;
use serde::Serialize;

/// `legion attack`'s answer.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionAttackAnswer")
)]
pub struct AttackAnswer {
    pub schema: u32,
    pub attacker: String,
    pub defender: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guardian: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rolled: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub converted: Option<String>,
    pub wounds: Distribution,
    pub attack_results: Distribution,
    pub attacker_wounds: Distribution,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guardian_wounds: Option<Distribution>,
    #[serde(flatten)]
    pub losses: Option<Losses>,
    #[serde(flatten)]
    pub guardian_losses: Option<GuardianLosses>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resolved: Option<Resolved>,
    pub policy: String,
    pub edition: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// The SPECs of an attack as given: the answer restates them.
pub struct Specs<'a> {
    pub attacker: &'a str,
    pub defender: &'a str,
    pub guardian: Option<&'a str>,
    /// The results on the table the attack started from (`--rolled`, `--converted`).
    pub rolled: Option<&'a str>,
    pub converted: Option<&'a str>,
}

/// The minis a defending unit loses and the chance to wipe it, when its wounds per mini are
/// known.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "native", derive(schemars::JsonSchema))]
pub struct Losses {
    pub minis_defeated: Distribution,
    pub wiped: Fraction,
}

/// The minis a guardian loses and the chance to wipe it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "native", derive(schemars::JsonSchema))]
pub struct GuardianLosses {
    pub guardian_minis_defeated: Distribution,
    pub guardian_wiped: Fraction,
}

impl AttackAnswer {
    /// The answer of attack `a`, made from `specs` in scenario `s`.
    pub fn new(specs: &Specs, s: &Scenario, a: &LegionAttack) -> AttackAnswer {
        let spec = |spec: Option<&str>| spec.map(squeeze);
        AttackAnswer {
            schema: SCHEMA,
            attacker: squeeze(specs.attacker),
            defender: squeeze(specs.defender),
            guardian: spec(specs.guardian),
            rolled: spec(specs.rolled),
            converted: spec(specs.converted),
            wounds: (&a.wounds).into(),
            attack_results: (&a.attack_results).into(),
            attacker_wounds: (&a.attacker_wounds).into(),
            guardian_wounds: a.guardian_wounds.as_ref().map(Distribution::from),
            losses: a.losses.as_ref().map(Losses::new),
            guardian_losses: a.guardian_losses.as_ref().map(GuardianLosses::new),
            resolved: Resolved::new(s),
            policy: policy_name(s.policy, s.objective),
            edition: s.edition.name().into(),
            notes: crate::command::notes(&a.notes),
        }
    }

    /// The SPECs as given, each under its key's word.
    fn spec_entries(&self) -> Vec<Entry> {
        let specs = [
            ("attacker", "Attacker", Some(&self.attacker)),
            ("defender", "Defender", Some(&self.defender)),
            ("guardian", "Guardian", self.guardian.as_ref()),
            ("rolled", "Rolled", self.rolled.as_ref()),
            ("converted", "Converted", self.converted.as_ref()),
        ];
        (specs.into_iter())
            .filter_map(|(key, label, spec)| Some(Entry::text(key, label, spec?)))
            .collect()
    }

    /// The chance to wipe the defender (when its minis are known), the mean wounds and the
    /// chance of at least one.
    fn headline(&self) -> Vec<Entry> {
        let wiped = self.losses.as_ref().map(|l| wiped(&l.wiped));
        let wounds = &self.wounds.0;
        wiped
            .into_iter()
            .chain([
                Entry::new(
                    "mean_wounds",
                    &said("mean_wounds"),
                    Value::Number(wounds.mean()),
                ),
                Entry::new("wounded", &said("wounded"), Value::Prob(wounds.at_least(1))),
            ])
            .collect()
    }
}

impl Answer for AttackAnswer {
    fn view(&self) -> View {
        let mut entries = self.spec_entries();
        let dist = |key: &str, d: &Distribution| Entry::dist(key, &said(key), d);
        entries.extend([
            dist("wounds", &self.wounds),
            dist("attack_results", &self.attack_results),
            dist("attacker_wounds", &self.attacker_wounds),
        ]);
        entries.extend(self.guardian_wounds.as_ref().map(guardian_wounds));
        entries.extend(self.losses.iter().flat_map(Losses::entries));
        entries.extend(
            self.guardian_losses
                .iter()
                .flat_map(GuardianLosses::entries),
        );
        entries.extend(self.resolved.as_ref().map(Resolved::entry));
        entries.extend(choices(&self.policy, &self.edition));
        View::Report(Report {
            title: "Legion attack (exact)".into(),
            headline: self.headline(),
            entries,
            notes: self.notes.clone(),
        })
    }
}

/// The policy as every result names it: `greedy`, or `optimal (mean)`, `optimal (atleast:2)`.
pub fn policy_name(policy: Policy, objective: Objective) -> String {
    match (policy, objective) {
        (Policy::Greedy, _) => "greedy".into(),
        (Policy::Optimal, Objective::Destroy) => "optimal (wipe)".into(),
        (Policy::Optimal, o) => format!("optimal ({})", o.name()),
    }
}

/// The policy and edition a result was computed under.
pub(super) fn choices(policy: &str, edition: &str) -> [Entry; 2] {
    [
        Entry::text("policy", "Policy", policy),
        Entry::text("edition", "Edition", edition),
    ]
}

impl Losses {
    pub(super) fn new(l: &minis::Losses) -> Losses {
        Losses {
            minis_defeated: (&l.minis_defeated).into(),
            wiped: (&l.wiped).into(),
        }
    }

    pub(super) fn entries(&self) -> [Entry; 2] {
        [
            Entry::dist(
                "minis_defeated",
                &said("minis_defeated"),
                &self.minis_defeated,
            ),
            wiped(&self.wiped),
        ]
    }
}

impl GuardianLosses {
    pub(super) fn new(l: &minis::Losses) -> GuardianLosses {
        GuardianLosses {
            guardian_minis_defeated: (&l.minis_defeated).into(),
            guardian_wiped: (&l.wiped).into(),
        }
    }

    pub(super) fn entries(&self) -> [Entry; 2] {
        [
            Entry::dist(
                "guardian_minis_defeated",
                &said("guardian_minis_defeated"),
                &self.guardian_minis_defeated,
            ),
            Entry::prob(
                "guardian_wiped",
                &said("guardian_wiped"),
                &self.guardian_wiped,
            ),
        ]
    }
}

/// The chance to wipe a defending unit, as every result names it.
pub(super) fn wiped(p: &Fraction) -> Entry {
    Entry::prob("wiped", &said("wiped"), p)
}

/// The wounds on a guardian, as every result names them.
pub(super) fn guardian_wounds(d: &Distribution) -> Entry {
    Entry::dist("guardian_wounds", &said("guardian_wounds"), d)
}

/// The phrase people read for the variable `key`: the vocabulary's
/// (data/legion/variables.yaml).
pub(super) fn said(key: &str) -> String {
    Vocabulary::legion().label(key, "defender")
}
