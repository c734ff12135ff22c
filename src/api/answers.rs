//! The API's own answers, besides the commands': its errors, estimates, card listing and index.

use super::params::{self, ENDPOINTS};
use super::{ESTIMATE, LIVE_WORK, MAX_BODY};
use crate::command;
use holodice_engine::swtcg::card::Card;
use holodice_engine::swtcg::cards::Cards;
use holodice_engine::vocabulary::Vocabulary;
use serde::Serialize;

/// `{"error": "...", "field": "...", "game": "..."}`: the line kept to one line, the key it
/// concerns, and the other game when it says the input is that game's.
#[derive(Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "Error")
)]
pub(super) struct Failure {
    error: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    field: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<&'static str>,
}

impl Failure {
    pub(super) fn new(message: &str, field: Option<&str>, game: Option<&'static str>) -> Failure {
        Failure {
            error: command::one_line(message),
            field: field.map(holodice_engine::error::quote),
            game,
        }
    }
}

/// The work a request would take, and whether the page may run it at each change of its form.
#[derive(Serialize)]
#[cfg_attr(feature = "native", derive(schemars::JsonSchema))]
pub(super) struct Estimate {
    work: u64,
    live: bool,
    live_limit: u64,
}

impl Estimate {
    pub(super) fn new(work: u64) -> Estimate {
        Estimate {
            work,
            live: work <= LIVE_WORK,
            live_limit: LIVE_WORK,
        }
    }
}

/// A unit card in the `swtcg/cards` listing: its name, its SPEC and what a picker shows (the
/// shape published first; `formats` and `spec_name` came with the IDC's sets).
#[derive(Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "SwtcgUnitCard")
)]
pub(super) struct CardEntry {
    name: String,
    spec: String,
    sets: Vec<String>,
    number: Option<String>,
    side: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
    subtype: Option<String>,
    cost: Option<String>,
    formats: Vec<&'static str>,
    spec_name: String,
}

impl CardEntry {
    pub(super) fn new(cards: &Cards, c: &Card) -> CardEntry {
        let p = c.printing.as_ref();
        CardEntry {
            name: c.name.clone(),
            spec: c.spec.describe(),
            sets: p.map_or(Vec::new(), |p| p.sets.clone()),
            number: p.and_then(|p| p.number.clone()),
            side: p.and_then(|p| p.side.clone()),
            kind: p.map(|p| p.kind.clone()),
            subtype: p.and_then(|p| p.subtype.clone()),
            cost: p.and_then(|p| p.cost.clone()),
            formats: crate::listing::swtcg_cards::formats(c),
            spec_name: cards.spec_name(c),
        }
    }
}

/// Each game's vocabulary (data/<game>/variables.yaml): the variables its answers report.
#[derive(Serialize)]
pub(super) struct Vocabularies {
    swtcg: &'static Vocabulary,
    legion: &'static Vocabulary,
}

/// By hand: the vocabulary is the engine's, which has no schemas.
#[cfg(feature = "native")]
impl schemars::JsonSchema for Vocabularies {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Vocabularies".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let text = schemars::json_schema!({ "type": "string" });
        let vocabulary = schemars::json_schema!({
            "type": "object",
            "properties": {
                "damage": text,
                "destroyed": text,
                "mean_damage": text,
                "variables": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "key": text,
                            "label": text,
                            "short": text,
                            "meaning": text,
                        },
                        "required": ["key", "label", "meaning"],
                        "additionalProperties": false,
                    },
                },
            },
            "required": ["damage", "destroyed", "mean_damage", "variables"],
            "additionalProperties": false,
        });
        schemars::json_schema!({
            "description": "Each game's vocabulary: the variables its answers report.",
            "type": "object",
            "properties": { "swtcg": vocabulary, "legion": vocabulary },
            "required": ["swtcg", "legion"],
            "additionalProperties": false,
        })
    }
}

impl Vocabularies {
    pub(super) fn both() -> Vocabularies {
        Vocabularies {
            swtcg: Vocabulary::swtcg(),
            legion: Vocabulary::legion(),
        }
    }
}

/// The endpoints and the keys each takes, for people finding their way.
#[derive(Serialize)]
#[cfg_attr(feature = "native", derive(schemars::JsonSchema))]
pub(super) struct Index {
    about: &'static str,
    version: &'static str,
    editions: Editions,
    endpoints: Vec<IndexedEndpoint>,
    listings: [&'static str; 6],
    estimate: About,
    limits: Limits,
}

#[derive(Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "IndexEditions")
)]
struct Editions {
    legion: &'static str,
}

#[derive(Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "IndexEndpoint")
)]
struct IndexedEndpoint {
    path: String,
    methods: &'static [&'static str],
    command: String,
    keys: Vec<String>,
}

#[derive(Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "IndexEstimate")
)]
struct About {
    path: String,
    about: &'static str,
}

#[derive(Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "IndexLimits")
)]
struct Limits {
    body_bytes: usize,
    live_work: u64,
}

impl Index {
    pub(super) fn new() -> Index {
        let endpoints = (ENDPOINTS.iter())
            .map(|e| IndexedEndpoint {
                path: format!("/api/v1/{}", e.path),
                methods: if e.get { &["GET", "POST"] } else { &["POST"] },
                command: format!("holodice {}", e.command.join(" ")),
                keys: params::keys(e),
            })
            .collect();
        Index {
            about: "Exact odds for Star Wars tabletop dice. A request's keys are the command's \
                    long options (repeatable ones take a list); the answer is what the command \
                    prints with --format json, or the format the 'format' key asks for.",
            version: env!("CARGO_PKG_VERSION"),
            editions: Editions {
                legion: holodice_engine::legion::Edition::default().name(),
            },
            endpoints,
            listings: [
                "/api/v1/swtcg/keywords",
                "/api/v1/swtcg/rules",
                "/api/v1/legion/keywords",
                "/api/v1/swtcg/cards",
                "/api/v1/variables",
                "/api/v1/schema",
            ],
            estimate: About {
                path: format!("/api/v1/{ESTIMATE}{{endpoint}}"),
                about: "the work an endpoint's request would take, estimated without running it, \
                        asked as the endpoint is (same methods, keys and body): {\"work\": units \
                        of about 0.2 µs, \"live\": whether work <= live_limit, \"live_limit\": \
                        the most the page runs at each change}; a request the endpoint refuses \
                        gets the endpoint's 400",
            },
            limits: Limits {
                body_bytes: MAX_BODY,
                live_work: LIVE_WORK,
            },
        }
    }
}
