//! Rule options: each reading the rules leave open, named, with its documented default.

use crate::error::Error;

/// One switchable reading: its name, its values (the first is the default) and what it decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleOption {
    /// The name `NAME=VALUE` sets (`auto-hit`).
    pub name: &'static str,
    /// The values it takes, the default first.
    pub values: &'static [&'static str],
    /// What each value decides, in one sentence.
    pub summary: &'static str,
    /// The keywords whose results it changes.
    pub keywords: &'static [&'static str],
}

/// Every rule option, in the order of the rules reference's readings.
pub const OPTIONS: &[RuleOption] = &[
    RuleOption {
        name: "auto-hit",
        values: &["no", "yes"],
        summary: "no: a die hits only when natural + Accuracy reaches the hit number; \
                  yes: a natural 6 always hits and a natural 1 always misses",
        keywords: &["Accuracy", "Armor"],
    },
    RuleOption {
        name: "fury-dice-triggers",
        values: &["yes", "no"],
        summary: "yes: Fury's extra dice count for Critical Hit, Parry and Riposte; \
                  no: they only add hits",
        keywords: &["Fury", "Critical Hit", "Parry", "Riposte"],
    },
    RuleOption {
        name: "critical-hit-needs-hit",
        values: &["no", "yes"],
        summary: "no: any natural 6 in the final roll triggers Critical Hit; \
                  yes: the six must also hit",
        keywords: &["Critical Hit"],
    },
    RuleOption {
        name: "critical-hit-preventable",
        values: &["yes", "no"],
        summary: "yes: prevention can stop Critical Hit's bonus damage; no: it always lands",
        keywords: &["Critical Hit", "Parry", "Evade", "Absorb", "Deflect"],
    },
    RuleOption {
        name: "prevent-before-double",
        values: &["yes", "no"],
        summary:
            "yes: prevention acts on pending damage, then Double Damage doubles what is left; \
                  no: Double Damage doubles first",
        keywords: &["Double Damage", "Parry", "Evade", "Absorb", "Deflect"],
    },
    RuleOption {
        name: "double-damage",
        values: &["attack-only", "all-damage"],
        summary: "attack-only: Double Damage doubles attack damage only; \
                  all-damage: also the unit's other damage to others (Riposte, Retaliate, Area \
                  Damage, Overkill's moved hits)",
        keywords: &[
            "Double Damage",
            "Riposte",
            "Retaliate",
            "Area Damage",
            "Overkill",
        ],
    },
    RuleOption {
        name: "foresight",
        values: &["hits", "damage"],
        summary: "hits: the prediction is of the final hits, extra dice included, Critical Hit's \
                  bonus excluded; damage: of pending damage, bonus included (Forewarning alike)",
        keywords: &["Foresight", "Forewarning"],
    },
    RuleOption {
        name: "riposte-after-discard",
        values: &["yes", "no"],
        summary: "yes: Riposte resolves when the attack ends even if the defender was discarded; \
                  no: a discarded defender's Riposte does nothing",
        keywords: &["Riposte"],
    },
    RuleOption {
        name: "lucky-first",
        values: &["attacker", "defender"],
        summary: "whose Lucky re-rolls first when both units have it; the other side sees the \
                  result before choosing",
        keywords: &["Lucky"],
    },
    RuleOption {
        name: "reroll-twice",
        values: &["yes", "no"],
        summary: "yes: the second Lucky may re-roll a die the first one re-rolled; \
                  no: each die is re-rolled at most once",
        keywords: &["Lucky"],
    },
    RuleOption {
        name: "overkill",
        values: &["keep-kill", "all"],
        summary: "keep-kill: the attacker moves the most excess hits that still let the attack \
                  discard the defender after its prevention (none if it can't be discarded); \
                  all: every hit beyond the defender's remaining health moves",
        keywords: &["Overkill"],
    },
    RuleOption {
        name: "tenacity-counts",
        values: &["counters", "damage"],
        summary: "counters: Tenacity X allows the second attack when the first placed fewer than \
                  X counters, Double Damage's extra ones included; damage: when the damage left \
                  after prevention was less than X, before Double Damage adds counters",
        keywords: &["Tenacity", "Double Damage"],
    },
];

/// The rule options in force for one computation: a choice per entry of [`OPTIONS`].
///
/// ```
/// use holodice_engine::swtcg::rules::Rules;
/// let mut rules = Rules::default();
/// rules.set("auto-hit=yes").unwrap();
/// assert_eq!(rules.changed(), [("auto-hit", "yes")]);
/// assert!(rules.set("auto-hitt=yes").unwrap_err().to_string().contains("auto-hit"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Rules {
    choices: [usize; OPTIONS.len()],
}

impl Rules {
    fn is(&self, name: &str, value: &str) -> bool {
        let i = OPTIONS
            .iter()
            .position(|o| o.name == name)
            .expect("the engine reads only listed options");
        OPTIONS[i].values[self.choices[i]] == value
    }

    pub(crate) fn auto_hit(&self) -> bool {
        self.is("auto-hit", "yes")
    }
    pub(crate) fn fury_dice_triggers(&self) -> bool {
        self.is("fury-dice-triggers", "yes")
    }
    pub(crate) fn critical_hit_needs_hit(&self) -> bool {
        self.is("critical-hit-needs-hit", "yes")
    }
    pub(crate) fn critical_hit_preventable(&self) -> bool {
        self.is("critical-hit-preventable", "yes")
    }
    pub(crate) fn prevent_before_double(&self) -> bool {
        self.is("prevent-before-double", "yes")
    }
    pub(crate) fn double_damage_all(&self) -> bool {
        self.is("double-damage", "all-damage")
    }
    pub(crate) fn foresight_damage(&self) -> bool {
        self.is("foresight", "damage")
    }
    pub(crate) fn riposte_after_discard(&self) -> bool {
        self.is("riposte-after-discard", "yes")
    }
    pub(crate) fn attacker_rerolls_first(&self) -> bool {
        self.is("lucky-first", "attacker")
    }
    pub(crate) fn reroll_twice(&self) -> bool {
        self.is("reroll-twice", "yes")
    }
    pub(crate) fn overkill_all(&self) -> bool {
        self.is("overkill", "all")
    }
    pub(crate) fn tenacity_counts_damage(&self) -> bool {
        self.is("tenacity-counts", "damage")
    }

    /// Sets one option from `NAME=VALUE`.
    pub fn set(&mut self, assignment: &str) -> Result<(), Error> {
        let (name, value) = assignment.split_once('=').ok_or_else(|| {
            Error::Rule(format!(
                "'{assignment}': write NAME=VALUE, as in 'auto-hit=yes'"
            ))
        })?;
        let (name, value) = (name.trim().to_lowercase(), value.trim().to_lowercase());
        let i = OPTIONS.iter().position(|o| o.name == name).ok_or_else(|| {
            let hint = crate::data::nearest(&name, OPTIONS.iter().map(|o| o.name))
                .map(|near| format!("did you mean '{near}'? "))
                .unwrap_or_default();
            Error::Rule(format!(
                "'{name}': no such rule option; {hint}(holodice swtcg rules lists them)"
            ))
        })?;
        let option = &OPTIONS[i];
        self.choices[i] = option
            .values
            .iter()
            .position(|v| *v == value)
            .ok_or_else(|| {
                Error::Rule(format!(
                    "{name}: '{value}' is not a value of this option; use one of: {}",
                    option.values.join(", ")
                ))
            })?;
        Ok(())
    }

    /// Every option with the value in force, in [`OPTIONS`] order.
    pub fn values(&self) -> Vec<(&'static str, &'static str)> {
        OPTIONS
            .iter()
            .zip(self.choices)
            .map(|(o, c)| (o.name, o.values[c]))
            .collect()
    }

    /// The options whose value differs from the default, in [`OPTIONS`] order.
    pub fn changed(&self) -> Vec<(&'static str, &'static str)> {
        OPTIONS
            .iter()
            .zip(self.choices)
            .filter(|(_, c)| *c != 0)
            .map(|(o, c)| (o.name, o.values[c]))
            .collect()
    }

    /// The options off their defaults in one phrase: "all at their defaults", or
    /// "auto-hit=yes, others at their defaults".
    pub fn summary(&self) -> String {
        let changed: Vec<String> = self
            .changed()
            .into_iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        match changed.is_empty() {
            true => "all at their defaults".into(),
            false => format!("{}, others at their defaults", changed.join(", ")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_first_values() {
        let r = Rules::default();
        for (name, value) in r.values() {
            let o = OPTIONS.iter().find(|o| o.name == name).unwrap();
            assert_eq!(value, o.values[0], "{name}");
        }
        assert!(!r.auto_hit() && r.fury_dice_triggers() && r.critical_hit_preventable());
    }

    #[test]
    fn every_value_round_trips() {
        for o in OPTIONS {
            for v in o.values {
                let mut r = Rules::default();
                r.set(&format!("{}={v}", o.name)).unwrap();
                assert!(r.values().contains(&(o.name, *v)), "{} = {v}", o.name);
            }
        }
    }

    #[test]
    fn bad_options_name_the_fix() {
        let mut r = Rules::default();
        let e = r.set("auto-hit").unwrap_err().to_string();
        assert!(e.contains("NAME=VALUE"), "{e}");
        let e = r.set("fury-dice-trigger=yes").unwrap_err().to_string();
        assert!(e.contains("did you mean 'fury-dice-triggers'"), "{e}");
        let e = r.set("auto-hit=maybe").unwrap_err().to_string();
        assert!(e.contains("no, yes"), "{e}");
    }
}
