//! The JSON Schema of the API (`data/api/schema.json`, served at `/api/v1/schema`): each
//! endpoint's and listing's request, made from the table of options (the wire's definition,
//! [`super::options`]), and its JSON answer, derived from the typed answers by schemars. It is
//! generated natively ([`generate`]) and committed, so the page's engine serves the same document
//! without schemars; a test builds it again and fails when the committed one differs.
//!
//! The document's root describes the API as one object keyed by path (`swtcg/attack`, `""` for
//! the index), each with its `request`, `answer`, `error` and, for endpoints, `estimate`, all
//! references to `$defs`: a validator takes `#/$defs/<Name>`, a type generator makes one type
//! per definition and a map from each path to its types.

/// The committed document.
pub(crate) const DOCUMENT: &str = include_str!("../../data/api/schema.json");

/// Its path under /api/v1/.
pub(crate) const PATH: &str = "schema";

/// The document as the code defines it today, in the committed file's form.
#[cfg(feature = "native")]
pub fn generate() -> String {
    let document = generate::document();
    serde_json::to_string_pretty(&document).expect("the schema serializes") + "\n"
}

#[cfg(feature = "native")]
mod generate {
    use super::super::answers::{CardEntry, Estimate, Failure, Index, Vocabularies};
    use super::super::options::{self, Kind, Opt};
    use super::super::params::{Endpoint, Game, ENDPOINTS, LISTINGS};
    use super::super::Listed;
    use crate::command::{CheckAnswer, Cli, MatchupsAnswer};
    use crate::listing::{legion_keywords, legion_units, swtcg_cards, swtcg_coverage};
    use crate::listing::{swtcg_keywords, swtcg_rules};
    use crate::report::context::{LegionContext, SwtcgContext};
    use crate::report::{army, compare, legion, legion_sequence, swtcg, table};
    use clap::CommandFactory;
    use holodice_engine::vocabulary::Vocabulary;
    use schemars::generate::SchemaSettings;
    use schemars::{JsonSchema, SchemaGenerator};
    use serde_json::{json, Map, Value};

    pub(super) fn document() -> Value {
        let mut g = SchemaSettings::draft2020_12()
            .for_serialize()
            .into_generator();
        let cli = Cli::command();
        let mut named = Map::new();
        let mut paths = Map::new();
        for e in ENDPOINTS {
            let name = pascal(e.path);
            named.insert(format!("{name}Request"), request(&cli, e));
            let mut entry = exchange(&mut g, &mut named, e.path, &format!("{name}Request"));
            entry["properties"]["estimate"] = reference(&g.subschema_for::<Estimate>());
            entry["required"] = json!(["request", "answer", "estimate", "error"]);
            let methods = if e.get {
                "GET (a query string) or POST"
            } else {
                "POST"
            };
            entry["description"] = json!(format!(
                "{methods} /api/v1/{}: holodice {}; POST /api/v1/estimate/{} takes the same \
                 request",
                e.path,
                e.command.join(" "),
                e.path
            ));
            paths.insert(e.path.to_string(), entry);
        }
        named.insert("ListingRequest".into(), listing_request());
        let listed = LISTINGS.iter().map(|l| l.path).chain(Listed::own_paths());
        for path in listed {
            let mut entry = exchange(&mut g, &mut named, path, "ListingRequest");
            entry["description"] = json!(format!("GET /api/v1/{path}"));
            paths.insert(path.to_string(), entry);
        }
        let mut defs = g.take_definitions(true);
        for name in named.keys() {
            assert!(!defs.contains_key(name), "two definitions named {name}");
        }
        defs.extend(named);
        defs.sort_keys();
        let parts = flattened(&defs);
        for (name, def) in defs.iter_mut() {
            if !parts.contains(name) {
                close(def);
            }
        }
        let required: Vec<&String> = paths.keys().collect();
        json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": format!("{}/raw/main/data/api/schema.json", env!("CARGO_PKG_REPOSITORY")),
            "title": "holodice API v1",
            "description": format!(
                "Every request and JSON answer of the holodice API v1 (version {}), keyed by \
                 path under /api/v1/ (\"\" is the index). Validate a request with \
                 #/$defs/<Path>Request and an answer with the $ref at \
                 properties/<path>/properties/answer; every 4xx body is an Error. Answers are \
                 those of format json, the API's default; keys may be added within a version, \
                 so validate against the schema of the server that answered.",
                env!("CARGO_PKG_VERSION")
            ),
            "type": "object",
            "properties": paths,
            "required": required,
            "additionalProperties": false,
            "$defs": defs,
        })
    }

    /// A path's entry: its request (the definition `request`), answer and error.
    fn exchange(
        g: &mut SchemaGenerator,
        named: &mut Map<String, Value>,
        path: &str,
        request: &str,
    ) -> Value {
        let answer = answer(g, path);
        let answer = match answer.get("$ref") {
            Some(_) => answer,
            None => {
                let name = format!("{}Answer", pascal(path));
                named.insert(name.clone(), answer);
                json!({ "$ref": format!("#/$defs/{name}") })
            }
        };
        json!({
            "type": "object",
            "properties": {
                "request": { "$ref": format!("#/$defs/{request}") },
                "answer": answer,
                "error": reference(&g.subschema_for::<Failure>()),
            },
            "required": ["request", "answer", "error"],
            "additionalProperties": false,
        })
    }

    fn reference(schema: &schemars::Schema) -> Value {
        schema.as_value().clone()
    }

    /// The JSON answer of `path`: its typed answer's schema.
    fn answer(g: &mut SchemaGenerator, path: &str) -> Value {
        let schema = match path {
            "swtcg/attack" => g.subschema_for::<swtcg::AttackAnswer>(),
            "swtcg/dice" => g.subschema_for::<swtcg::DiceAnswer>(),
            "swtcg/sequence" => g.subschema_for::<swtcg::SequenceAnswer>(),
            "swtcg/compare" => return compared::<SwtcgContext>(g, Vocabulary::swtcg()),
            "legion/compare" => return compared::<LegionContext>(g, Vocabulary::legion()),
            "swtcg/cards/search" => g.subschema_for::<swtcg_cards::CardsAnswer>(),
            "swtcg/coverage" => g.subschema_for::<swtcg_coverage::CoverageAnswer>(),
            "legion/attack" => g.subschema_for::<legion::AttackAnswer>(),
            "legion/sequence" => g.subschema_for::<legion_sequence::SequenceAnswer>(),
            "legion/units" => g.subschema_for::<legion_units::UnitsAnswer>(),
            "legion/matchups" => g.subschema_for::<MatchupsAnswer>(),
            "legion/army" => g.subschema_for::<army::ArmyAnswer>(),
            "table" => g.subschema_for::<table::TableAnswer>(),
            "check" => g.subschema_for::<CheckAnswer>(),
            "swtcg/keywords" => g.subschema_for::<Vec<swtcg_keywords::CoverageRow>>(),
            "swtcg/rules" => g.subschema_for::<Vec<swtcg_rules::ListedOption>>(),
            "legion/keywords" => g.subschema_for::<Vec<legion_keywords::CoverageRow>>(),
            "swtcg/cards" => g.subschema_for::<Vec<CardEntry>>(),
            "variables" => g.subschema_for::<Vocabularies>(),
            "" => g.subschema_for::<Index>(),
            super::PATH => {
                return json!({
                    "description": "This document: a JSON Schema (draft 2020-12).",
                    "type": "object",
                    "required": ["$schema", "$id", "properties", "$defs"],
                    "additionalProperties": true,
                })
            }
            _ => panic!("the schema knows no answer of '{path}': add it to api::schema"),
        };
        reference(&schema)
    }

    /// One game's comparison: its context is that game's, and each loadout's outcome is keyed
    /// by the game's variable (`damage`, `wounds`), where the type allows either game's.
    fn compared<Context: JsonSchema>(g: &mut SchemaGenerator, vocabulary: &Vocabulary) -> Value {
        json!({
            "description": "A comparison of this game's loadouts, with its context.",
            "allOf": [
                reference(&g.subschema_for::<compare::CompareAnswer>()),
                reference(&g.subschema_for::<Context>()),
                { "properties": { "loadouts": { "items": { "required": [vocabulary.damage] } } } },
            ],
        })
    }

    /// A listing takes no keys: it is a GET.
    fn listing_request() -> Value {
        json!({
            "description": "A listing is a GET: it takes no keys.",
            "type": "object",
            "additionalProperties": false,
        })
    }

    /// The request of an endpoint: an object of the keys it takes (those the index lists: the
    /// long options, less those that name a file), each of the JSON type the API reads for its
    /// kind, with its values, bounds and help; what is required, and what conflicts.
    fn request(cli: &clap::Command, e: &Endpoint) -> Value {
        let entry = options::entry(e.path);
        let command = subcommand(cli, &entry.command);
        let own: Vec<&Opt> = entry.options.iter().filter(|o| listed(o)).collect();
        let mut properties = Map::new();
        let mut required = Vec::new();
        if e.game != Game::Fixed {
            properties.insert(
                "game".into(),
                json!({ "description": "The game", "enum": e.game.names() }),
            );
            required.push(json!("game"));
        }
        if e.game == Game::Subcommand {
            properties.insert(
                "samples".into(),
                json!({
                    "description": "The outcomes: text, one per line (or outcome,count rows), \
                                    or a list of numbers",
                    "anyOf": [
                        { "type": "string" },
                        { "type": "array", "items": { "type": ["integer", "string"] } },
                    ],
                }),
            );
            required.push(json!("samples"));
        }
        let mut schema = keys(command, &own, &mut properties, &mut required);
        schema.insert("type".into(), json!("object"));
        schema.insert("properties".into(), Value::Object(properties));
        schema.insert("required".into(), Value::Array(required));
        let subcommands: Vec<Value> = (entry.games.iter())
            .map(|game| {
                let inner = subcommand(command, std::slice::from_ref(&game.name));
                let opts: Vec<&Opt> = game.options.iter().filter(|o| listed(o)).collect();
                let mut properties = Map::new();
                properties.insert("game".into(), json!({ "const": game.name }));
                let mut required = Vec::new();
                let mut branch = keys(inner, &opts, &mut properties, &mut required);
                branch.insert("properties".into(), Value::Object(properties));
                branch.insert("required".into(), Value::Array(required));
                Value::Object(branch)
            })
            .collect();
        match subcommands.is_empty() {
            true => schema.insert("additionalProperties".into(), json!(false)),
            false => {
                schema.insert("oneOf".into(), Value::Array(subcommands));
                schema.insert("unevaluatedProperties".into(), json!(false))
            }
        };
        schema.insert(
            "description".into(),
            json!(format!(
                "The keys of {}: holodice {}'s long options",
                e.path,
                e.command.join(" ")
            )),
        );
        Value::Object(schema)
    }

    /// Whether a request may give the option: the index lists it.
    fn listed(o: &Opt) -> bool {
        !o.hidden && !o.file
    }

    /// The options' properties and requirements (into `properties` and `required`), and the
    /// rest of what they ask of each other as keywords of the object.
    fn keys(
        command: &clap::Command,
        opts: &[&Opt],
        properties: &mut Map<String, Value>,
        required: &mut Vec<Value>,
    ) -> Map<String, Value> {
        let mut object = Map::new();
        let mut any_of = Vec::new();
        let mut dependent = Map::new();
        for o in opts {
            properties.insert(o.key.clone(), property(command, o));
            // Required unless another key is given: required when no other may be given.
            let unless: Vec<&String> = (o.required_unless.iter())
                .filter(|k| opts.iter().any(|u| u.key == **k))
                .collect();
            if o.required || !o.required_unless.is_empty() && unless.is_empty() {
                required.push(json!(o.key));
            } else if !unless.is_empty() {
                let either = std::iter::once(&o.key).chain(unless);
                let either: Vec<Value> = either.map(|k| json!({ "required": [k] })).collect();
                any_of.push(json!({ "anyOf": either }));
            }
            let conflicts: Vec<Value> = (o.conflicts.iter())
                .filter(|k| opts.iter().any(|c| c.key == **k))
                .map(|k| json!({ "required": [k] }))
                .collect();
            let requires: Vec<&String> = (o.requires.iter())
                .filter(|k| opts.iter().any(|r| r.key == **k))
                .collect();
            let mut needs = Map::new();
            if !conflicts.is_empty() {
                needs.insert("not".into(), json!({ "anyOf": conflicts }));
            }
            if !requires.is_empty() {
                needs.insert("required".into(), json!(requires));
            }
            if !needs.is_empty() {
                dependent.insert(o.key.clone(), Value::Object(needs));
            }
        }
        if !any_of.is_empty() {
            object.insert("allOf".into(), Value::Array(any_of));
        }
        if !dependent.is_empty() {
            object.insert("dependentSchemas".into(), Value::Object(dependent));
        }
        object
    }

    /// One key: a flag is a boolean, one value a string or number, a repeatable option a list.
    fn property(command: &clap::Command, o: &Opt) -> Value {
        let value = value(o);
        let mut schema = match o.kind {
            Kind::Flag => json!({ "type": "boolean" }),
            Kind::One => value,
            Kind::Many => json!({ "type": "array", "items": value }),
        };
        let help = (command.get_arguments())
            .find(|a| a.get_long() == Some(o.key.as_str()))
            .and_then(|a| a.get_help().map(|h| h.to_string()));
        if let Some(help) = help {
            schema["description"] = json!(help);
        }
        // The API answers JSON unless asked otherwise (and only a JSON answer has a schema).
        let default = match o.key.as_str() {
            "format" => Some("json"),
            _ => o.default.as_deref().filter(|d| !d.is_empty()),
        };
        if let Some(d) = default {
            schema["default"] = match (&o.number, o.kind) {
                (Some(n), Kind::One) if n.kind != "f64" => {
                    json!(d.parse::<i64>().expect("a default in range"))
                }
                (Some(_), Kind::One) => json!(d.parse::<f64>().expect("a real default")),
                _ => json!(d),
            };
        }
        schema
    }

    /// One value of an option: one of its names or their aliases, a number in its bounds, or
    /// text.
    fn value(o: &Opt) -> Value {
        if !o.values.is_empty() {
            let names = o.values.iter().chain(o.aliases.keys());
            return json!({ "enum": names.collect::<Vec<_>>() });
        }
        match &o.number {
            Some(n) if n.kind == "f64" => {
                json!({ "type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1 })
            }
            Some(n) => {
                let mut schema = json!({ "type": "integer" });
                let least = n.min.or((n.kind == "usize").then_some(0));
                if let Some(min) = least {
                    schema["minimum"] = json!(min);
                }
                if let Some(max) = n.max {
                    schema["maximum"] = json!(max);
                }
                schema
            }
            None => json!({ "type": "string" }),
        }
    }

    fn subcommand<'a>(mut c: &'a clap::Command, path: &[String]) -> &'a clap::Command {
        for name in path {
            c = c
                .find_subcommand(name)
                .expect("the table's commands are the command line's");
        }
        c
    }

    /// `swtcg/cards/search` → `SwtcgCardsSearch`; the index is `Index`.
    fn pascal(path: &str) -> String {
        if path.is_empty() {
            return "Index".into();
        }
        (path.split('/'))
            .map(|w| w[..1].to_uppercase() + &w[1..])
            .collect()
    }

    /// The definitions that are parts of others' keys: the branches of a flattened untagged
    /// enum (a comparison's context), which the object they are part of closes.
    fn flattened(defs: &Map<String, Value>) -> Vec<String> {
        let mut parts = Vec::new();
        for def in defs.values().filter(|d| d.get("properties").is_some()) {
            for key in ["allOf", "anyOf", "oneOf"] {
                let branches = def.get(key).and_then(Value::as_array).into_iter().flatten();
                let names =
                    branches.filter_map(|b| b.get("$ref")?.as_str()?.strip_prefix("#/$defs/"));
                parts.extend(names.map(str::to_string));
            }
        }
        parts
    }

    /// Answers are closed: a key the answer's type doesn't have is an error (what a generator
    /// of types needs, and what makes a validator catch a drifted answer). An object whose
    /// keys come partly from its subschemas (flattened untagged enums) closes with
    /// `unevaluatedProperties`; the branches of an untagged enum close each.
    fn close(schema: &mut Value) {
        let Some(object) = schema.as_object_mut() else {
            return;
        };
        let open = !object.contains_key("additionalProperties")
            && !object.contains_key("unevaluatedProperties");
        let combined = ["allOf", "anyOf", "oneOf"]
            .iter()
            .any(|k| object.contains_key(*k));
        if object.contains_key("properties") && open {
            let key = if combined {
                "unevaluatedProperties"
            } else {
                "additionalProperties"
            };
            object.insert(key.into(), json!(false));
        } else if !object.contains_key("properties") {
            for key in ["anyOf", "oneOf"] {
                if let Some(Value::Array(branches)) = object.get_mut(key) {
                    branches.iter_mut().for_each(close);
                }
            }
        }
        let required: Vec<Value> = (object.get("required").and_then(Value::as_array))
            .cloned()
            .unwrap_or_default();
        if let Some(Value::Object(properties)) = object.get_mut("properties") {
            for (key, property) in properties.iter_mut() {
                if !required.contains(&json!(key)) {
                    absent_not_null(property);
                }
                close_inline(property);
            }
        }
    }

    /// An optional key is left out rather than null (`skip_serializing_if`, or a flattened
    /// `Option`): its value is never null, which schemars' `Option` allows.
    fn absent_not_null(schema: &mut Value) {
        let null = json!({ "type": "null" });
        if let Some(Value::Array(either)) = schema.get("anyOf") {
            if either.len() == 2 && either.contains(&null) {
                let value = either.iter().find(|s| **s != null).cloned();
                let object = schema.as_object_mut().expect("an object");
                object.remove("anyOf");
                if let Some(Value::Object(value)) = value {
                    object.extend(value);
                }
            }
        }
        if let Some(Value::Array(types)) = schema.get_mut("type") {
            types.retain(|t| t != "null");
            if types.len() == 1 {
                schema["type"] = types[0].clone();
            }
        }
    }

    /// Inline objects in properties (`items` of a list of them) close as definitions do.
    fn close_inline(schema: &mut Value) {
        if schema.get("$ref").is_none() && schema.get("properties").is_some() {
            close(schema);
        }
        if let Some(items) = schema.get_mut("items") {
            close_inline(items);
        }
    }
}
