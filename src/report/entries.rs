//! Report entries made from a typed answer's values: what the answers' views are built of.

use super::values::{Distribution, Fraction};
use super::{Entry, Value};
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

impl Entry {
    pub(crate) fn text(key: &str, label: &str, text: &str) -> Entry {
        Entry::new(key, label, Value::Text(text.to_string()))
    }

    pub(crate) fn dist(key: &str, label: &str, d: &Distribution) -> Entry {
        Entry::new(key, label, Value::Dist(d.0.clone()))
    }

    pub(crate) fn prob(key: &str, label: &str, p: &Fraction) -> Entry {
        Entry::new(key, label, Value::Prob(p.0.clone()))
    }

    /// An exact number that is not a probability (a mean).
    pub(crate) fn number(key: &str, label: &str, x: &Fraction) -> Entry {
        Entry::new(key, label, Value::Number(x.0.clone()))
    }

    pub(crate) fn int(key: &str, label: &str, n: i64) -> Entry {
        Entry::new(key, label, Value::Int(n))
    }

    pub(crate) fn group(key: &str, label: &str, items: Vec<Entry>) -> Entry {
        Entry::new(key, label, Value::Group(items))
    }
}

/// Values by attack, from 1: JSON keys them `"1"`, `"2"`, …, people read `1:`, `2:`, ….
#[derive(Debug, Clone)]
pub struct Numbered<T>(pub Vec<T>);

impl<T: Serialize> Serialize for Numbered<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0.iter().enumerate() {
            map.serialize_entry(&(k + 1).to_string(), v)?;
        }
        map.end()
    }
}

/// An object keyed `"1"`, `"2"`, …; inline, so that a flattened one (`shots_to_kill`) merges
/// with its neighbours.
#[cfg(feature = "native")]
impl<T: schemars::JsonSchema> schemars::JsonSchema for Numbered<T> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        format!("Numbered_{}", T::schema_name()).into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "object",
            "patternProperties": { "^[1-9][0-9]*$": generator.subschema_for::<T>() },
            "additionalProperties": false,
        })
    }
}

impl<T> Numbered<T> {
    /// Each value's entry, keyed and labelled by its number.
    pub(crate) fn entries(&self, entry: impl Fn(&str, &str, &T) -> Entry) -> Vec<Entry> {
        (self.0.iter().enumerate())
            .map(|(k, v)| {
                let n = (k + 1).to_string();
                entry(&n, &format!("{n}:"), v)
            })
            .collect()
    }
}
