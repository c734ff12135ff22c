//! The answer of a Legion sequence, typed as JSON spells it (the unit after every attack:
//! wounds, minis, suppression; each attack as the unit met it), and the report people read.

use super::answer::{Answer, View};
use super::entries::Numbered;
use super::legion::{choices, guardian_wounds, policy_name, said, wiped, GuardianLosses, Losses};
use super::values::{Distribution, Fraction};
use super::{squeeze, Entry, Report, Value, SCHEMA};
use holodice_engine::legion::sequence::{LegionSequence, SuppressionGained};
use holodice_engine::legion::Scenario;
use serde::Serialize;

/// `legion sequence`'s answer.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionSequenceAnswer")
)]
pub struct SequenceAnswer {
    pub schema: u32,
    pub defender: String,
    /// With `--until-wiped`, when the unit's wounds per mini are known.
    #[serde(flatten)]
    pub until_wiped: Option<UntilWiped>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guardian: Option<String>,
    pub wounds: Distribution,
    #[serde(flatten)]
    pub losses: Option<Losses>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guardian_wounds: Option<Distribution>,
    #[serde(flatten)]
    pub guardian_losses: Option<GuardianLosses>,
    pub suppression: Distribution,
    pub suppressed: Fraction,
    pub panicked: Fraction,
    pub attacks: Vec<Attack>,
    pub suppression_gained: String,
    pub policy: String,
    pub edition: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// Whether the one attack was repeated until the unit is wiped (`--until-wiped`).
    #[serde(skip)]
    pub repeated: bool,
}

/// The attacks needed to wipe the unit: the chance each is the one, the chance it outlasts
/// the cap, and their mean given a wipe.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionUntilWiped")
)]
pub struct UntilWiped {
    pub attacker: String,
    pub cap: usize,
    pub attacks_to_wipe: ToWipe,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean_attacks_to_wipe: Option<Fraction>,
}

/// The chance each attack is the one that wipes the unit, and that none is.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionToWipe")
)]
pub struct ToWipe {
    #[serde(flatten)]
    pub by: Numbered<Fraction>,
    pub survives: Fraction,
}

/// One attack: its SPEC, the wounds it deals the unit and the chance it wipes it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionSequenceAttack")
)]
pub struct Attack {
    pub attacker: String,
    pub wounds: Distribution,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wiped_by: Option<Fraction>,
}

/// A sequence as it was asked: the attacks (SPECs, in order) on `defender` (and its
/// `guardian`), under `choices`' edition and policy and the suppression reading `gained`.
pub struct Asked<'a> {
    pub attacks: &'a [&'a str],
    pub defender: &'a str,
    pub guardian: Option<&'a str>,
    pub choices: &'a Scenario,
    pub gained: SuppressionGained,
    pub until_wiped: bool,
}

impl SequenceAnswer {
    pub fn new(q: &Asked, r: &LegionSequence) -> SequenceAnswer {
        let s = q.choices;
        let attacks = (q.attacks.iter().zip(&r.attacks))
            .map(|(spec, a)| Attack {
                attacker: squeeze(spec),
                wounds: (&a.wounds).into(),
                wiped_by: a.wiped_by.as_ref().map(Fraction::from),
            })
            .collect();
        SequenceAnswer {
            schema: SCHEMA,
            defender: squeeze(q.defender),
            until_wiped: q
                .until_wiped
                .then(|| UntilWiped::new(q.attacks, r))
                .flatten(),
            guardian: q.guardian.map(squeeze),
            wounds: (&r.wounds).into(),
            losses: r.losses.as_ref().map(Losses::new),
            guardian_wounds: r.guardian_wounds.as_ref().map(Distribution::from),
            guardian_losses: r.guardian_losses.as_ref().map(GuardianLosses::new),
            suppression: (&r.suppression).into(),
            suppressed: (&r.suppressed).into(),
            panicked: (&r.panicked).into(),
            attacks,
            suppression_gained: q.gained.name().into(),
            policy: policy_name(s.policy, s.objective),
            edition: s.edition.name().into(),
            notes: crate::command::notes(&r.notes),
            repeated: q.until_wiped,
        }
    }

    /// The unit's wounds, losses and suppression by the end.
    fn unit_entries(&self) -> Vec<Entry> {
        let mut entries = vec![Entry::dist("wounds", &said("wounds"), &self.wounds)];
        entries.extend(self.losses.iter().flat_map(Losses::entries));
        entries.extend(self.guardian_wounds.as_ref().map(guardian_wounds));
        entries.extend(
            self.guardian_losses
                .iter()
                .flat_map(GuardianLosses::entries),
        );
        entries.extend([
            Entry::dist("suppression", &said("suppression"), &self.suppression),
            Entry::prob("suppressed", &said("suppressed"), &self.suppressed),
            Entry::prob("panicked", &said("panicked"), &self.panicked),
        ]);
        entries
    }

    /// Each attack, numbered: until wiped a detail, as the attacks needed say it at once.
    fn attacks_entry(&self) -> Entry {
        let attacks = Numbered(self.attacks.iter().collect()).entries(|n, label, a| {
            let mut items = vec![
                Entry::text("attacker", "attacker", &a.attacker),
                Entry::dist("wounds", "wounds", &a.wounds),
            ];
            items.extend(
                (a.wiped_by.as_ref()).map(|w| Entry::prob("wiped_by", "wipes the unit", w)),
            );
            Entry::group(n, label, items)
        });
        Entry {
            detail: self.repeated,
            ..Entry::group("attacks", "Attacks, in order", attacks)
        }
    }

    /// The chance to wipe the unit (when its minis are known; until wiped, the mean attacks
    /// it takes), the mean wounds, the chance it is suppressed.
    fn headline(&self) -> Vec<Entry> {
        let until = self.until_wiped.as_ref();
        if let Some((mean, u)) = until.and_then(|u| Some((u.mean_attacks_to_wipe.as_ref()?, u))) {
            return vec![
                Entry::number(
                    "mean_attacks_to_wipe",
                    "Mean attacks to wipe the unit",
                    mean,
                ),
                Entry::prob(
                    "survives",
                    "Chance it outlasts the cap",
                    &u.attacks_to_wipe.survives,
                ),
            ];
        }
        let wiped = self.losses.as_ref().map(|l| wiped(&l.wiped));
        wiped
            .into_iter()
            .chain([
                Entry::new(
                    "mean_wounds",
                    "Mean wounds on the defender",
                    Value::Number(self.wounds.0.mean()),
                ),
                Entry::prob(
                    "suppressed",
                    "Chance the defender is suppressed",
                    &self.suppressed,
                ),
            ])
            .collect()
    }
}

impl Answer for SequenceAnswer {
    fn view(&self) -> View {
        let mut entries = vec![Entry::text("defender", "Defender", &self.defender)];
        entries.extend(
            self.until_wiped
                .as_ref()
                .map_or(vec![], UntilWiped::entries),
        );
        entries.extend((self.guardian.as_ref()).map(|g| Entry::text("guardian", "Guardian", g)));
        entries.extend(self.unit_entries());
        entries.push(self.attacks_entry());
        entries.push(gained_entry(&self.suppression_gained));
        entries.extend(choices(&self.policy, &self.edition));
        let title = match self.repeated {
            true => "Legion attacks until the unit is wiped (exact)",
            false => "Legion attack sequence (exact)",
        };
        View::Report(Report {
            title: title.into(),
            headline: self.headline(),
            entries,
            notes: self.notes.clone(),
        })
    }
}

/// When a ranged attack gives a suppression token, as every sequence's answer says it.
pub fn suppression_gained(gained: SuppressionGained) -> Entry {
    gained_entry(gained.name())
}

fn gained_entry(gained: &str) -> Entry {
    Entry::text(
        "suppression_gained",
        "A ranged attack gives a suppression token",
        gained,
    )
}

impl UntilWiped {
    /// The attacks needed to wipe the unit; `None` when its wounds per mini are not known.
    fn new(attacks: &[&str], r: &LegionSequence) -> Option<UntilWiped> {
        let (by, survives) = r.attacks_to_wipe()?;
        Some(UntilWiped {
            attacker: squeeze(attacks[0]),
            cap: attacks.len(),
            attacks_to_wipe: ToWipe {
                by: Numbered(by.iter().map(Fraction::from).collect()),
                survives: Fraction(survives),
            },
            mean_attacks_to_wipe: r.mean_attacks_to_wipe().map(Fraction),
        })
    }

    fn entries(&self) -> Vec<Entry> {
        let mut needed = self.attacks_to_wipe.by.entries(Entry::prob);
        needed.push(Entry::prob(
            "survives",
            "survives",
            &self.attacks_to_wipe.survives,
        ));
        let mut entries = vec![
            Entry::text("attacker", "Attacker", &self.attacker),
            Entry::int("cap", "Most attacks (the cap)", self.cap as i64),
            Entry::group("attacks_to_wipe", "Attacks needed to wipe the unit", needed),
        ];
        entries.extend(self.mean_attacks_to_wipe.as_ref().map(|m| {
            Entry::number(
                "mean_attacks_to_wipe",
                "Mean attacks to wipe the unit, given it is wiped",
                m,
            )
        }));
        entries
    }
}
