//! The values typed answers are made of, serialized as the JSON contract spells them: exact
//! fractions as `"n/d"` strings, distributions as `{"pmf": …, "mean": …, …}` objects.

use holodice_engine::dist::{to_f64, Dist};
use num_rational::BigRational;
use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Serialize, Serializer};

/// An exact number (a probability, a mean): reduced `"n/d"`, or `"n"` for integers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fraction(pub BigRational);

impl Serialize for Fraction {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&super::fraction(&self.0))
    }
}

impl From<&BigRational> for Fraction {
    fn from(p: &BigRational) -> Fraction {
        Fraction(p.clone())
    }
}

/// A random variable: its pmf, P(≥ k) and summary numbers, every probability exact.
#[derive(Debug, Clone)]
pub struct Distribution(pub Dist);

impl From<&Dist> for Distribution {
    fn from(d: &Dist) -> Distribution {
        Distribution(d.clone())
    }
}

impl Serialize for Distribution {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let d = &self.0;
        let mean = d.mean();
        let mut out = s.serialize_struct("Distribution", 8)?;
        out.serialize_field("pmf", &Outcomes(d.pmf()))?;
        out.serialize_field("mean", &Fraction(mean.clone()))?;
        out.serialize_field("mean_f64", &to_f64(&mean))?;
        out.serialize_field("variance", &Fraction(d.variance()))?;
        out.serialize_field("mode", &d.mode())?;
        out.serialize_field("min", &d.min())?;
        out.serialize_field("max", &d.max())?;
        out.serialize_field("at_least", &Outcomes(d.at_least_all()))?;
        out.end()
    }
}

/// The JSON Schema of these values: written by hand, as they serialize by hand.
#[cfg(feature = "native")]
mod schema {
    use super::{Distribution, Fraction};
    use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
    use std::borrow::Cow;

    /// What [`super::super::fraction`] writes: a reduced `n/d`, or `n` for an integer.
    const FRACTION: &str = "^-?[0-9]+(/[0-9]+)?$";

    /// An outcome as an object's key: an integer in decimal.
    const OUTCOME: &str = "^-?[0-9]+$";

    impl JsonSchema for Fraction {
        fn schema_name() -> Cow<'static, str> {
            "Fraction".into()
        }

        fn json_schema(_: &mut SchemaGenerator) -> Schema {
            json_schema!({
                "description": "An exact number: a reduced fraction \"n/d\", or \"n\" for an integer.",
                "type": "string",
                "pattern": FRACTION,
            })
        }
    }

    impl JsonSchema for Distribution {
        fn schema_name() -> Cow<'static, str> {
            "Distribution".into()
        }

        fn json_schema(generator: &mut SchemaGenerator) -> Schema {
            let fraction = generator.subschema_for::<Fraction>();
            let outcomes = |what: &str| {
                json_schema!({
                    "description": what,
                    "type": "object",
                    "propertyNames": { "pattern": OUTCOME },
                    "additionalProperties": fraction,
                })
            };
            json_schema!({
                "description": "A random variable: its exact pmf, P(≥ k) and summary numbers.",
                "type": "object",
                "properties": {
                    "pmf": outcomes("Each outcome's probability, keyed by the outcome, in order."),
                    "mean": fraction,
                    "mean_f64": { "type": "number" },
                    "variance": fraction,
                    "mode": { "type": "integer" },
                    "min": { "type": "integer" },
                    "max": { "type": "integer" },
                    "at_least": outcomes("P(≥ k) for each outcome k, in order."),
                },
                "required": ["pmf", "mean", "mean_f64", "variance", "mode", "min", "max", "at_least"],
                "additionalProperties": false,
            })
        }
    }
}

/// Outcomes and their probabilities as an object keyed by the outcome, in order.
struct Outcomes(Vec<(i64, BigRational)>);

impl Serialize for Outcomes {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (x, p) in &self.0 {
            map.serialize_entry(&x.to_string(), &super::fraction(p))?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_distribution_serializes_as_its_exact_pmf_object() {
        let j = serde_json::to_value(Distribution(Dist::uniform(&[0, 1, 1, 1]))).unwrap();
        assert_eq!(j["pmf"]["1"], "3/4");
        assert_eq!(j["mean"], "3/4");
        assert_eq!(j["variance"], "3/16");
        assert_eq!(j["at_least"]["0"], "1");
        let keys: Vec<&String> = j.as_object().unwrap().keys().collect();
        let order = [
            "pmf", "mean", "mean_f64", "variance", "mode", "min", "max", "at_least",
        ];
        assert_eq!(keys, order);
    }
}
