//! What every attack of a grid shares (rule options, edition, policy), typed as the answers of
//! `compare`, `matchups` and `army` carry it beside their loadouts or pairings.

use super::legion::policy_name;
use super::squeeze;
use super::swtcg::{rules_line, Rerolls, Rules};
use holodice_engine::legion::sequence::SuppressionGained;
use holodice_engine::legion::Scenario as LegionScenario;
use holodice_engine::swtcg::attack::Scenario;
use serde::Serialize;

/// SWTCG's: the mode, Lucky's policy when a unit re-rolls, every rule option.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "native", derive(schemars::JsonSchema))]
pub struct SwtcgContext {
    #[serde(skip_serializing_if = "Option::is_none")]
    mode: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rerolls: Option<Rerolls>,
    rules: Rules,
    /// The rule options off their defaults in one phrase, for captions.
    #[serde(skip)]
    rules_line: String,
}

impl SwtcgContext {
    /// The context of `s`; `lucky`: some attack re-rolled.
    pub fn new(s: &Scenario, lucky: bool) -> SwtcgContext {
        SwtcgContext {
            mode: s.mode.map(|m| m.name().to_string()),
            rerolls: lucky.then(|| Rerolls::new(s.policy, s.objective)),
            rules: Rules::new(&s.rules),
            rules_line: rules_line(&s.rules),
        }
    }

    /// The context in one line: "rules: …; mode …; Lucky: … policy, objective …".
    pub fn line(&self) -> String {
        let mut line = vec![self.rules_line.clone()];
        if let Some(mode) = &self.mode {
            line.push(format!("mode {mode}"));
        }
        if let Some(r) = &self.rerolls {
            line.push(format!(
                "Lucky: {} policy, objective {}",
                r.policy, r.objective
            ));
        }
        line.join("; ")
    }
}

/// Legion's: the guardian every defender has, the policy and the edition, and for sequences
/// who gains a suppression token.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "native", derive(schemars::JsonSchema))]
pub struct LegionContext {
    #[serde(skip_serializing_if = "Option::is_none")]
    guardian: Option<String>,
    policy: String,
    edition: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    suppression_gained: Option<String>,
}

impl LegionContext {
    pub fn new(guardian: Option<&str>, s: &LegionScenario) -> LegionContext {
        LegionContext {
            guardian: guardian.map(squeeze),
            policy: policy_name(s.policy, s.objective),
            edition: s.edition.name().into(),
            suppression_gained: None,
        }
    }

    /// The context of sequences whose ranged attacks give suppression as `gained` says.
    pub fn with_gained(self, gained: SuppressionGained) -> LegionContext {
        LegionContext {
            suppression_gained: Some(gained.name().into()),
            ..self
        }
    }

    /// The context in one line: "guardian …; edition …, policy …; suppression token on a
    /// ranged attack: …".
    pub fn line(&self) -> String {
        let mut line = Vec::new();
        if let Some(g) = &self.guardian {
            line.push(format!("guardian {g}"));
        }
        line.push(format!("edition {}, policy {}", self.edition, self.policy));
        if let Some(g) = &self.suppression_gained {
            line.push(format!("suppression token on a ranged attack: {g}"));
        }
        line.join("; ")
    }
}

/// Either game's, as a comparison carries it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "CompareContext")
)]
#[serde(untagged)]
pub enum Context {
    Swtcg(SwtcgContext),
    Legion(LegionContext),
}

impl Context {
    pub fn line(&self) -> String {
        match self {
            Context::Swtcg(c) => c.line(),
            Context::Legion(c) => c.line(),
        }
    }
}
