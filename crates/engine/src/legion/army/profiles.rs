//! The defender profiles an army is measured against when none is chosen:
//! `data/legion/defenders.yaml`, holodice's own table of the defensive profiles a Legion army
//! meets most, each a real unit card.

use super::Unit;
use crate::error::DataError;
use serde::Deserialize;
use std::sync::OnceLock;

const FILE: &str = "data/legion/defenders.yaml";
const TEXT: &str = include_str!("../../../../../data/legion/defenders.yaml");

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Profile {
    name: String,
    spec: String,
}

/// The built-in defender profiles, in the file's order.
///
/// ```
/// let named = holodice_engine::legion::army::default_defenders();
/// assert!(named.iter().any(|u| u.name == "white-die corps"));
/// ```
pub fn default_defenders() -> &'static [Unit] {
    static PROFILES: OnceLock<Vec<Unit>> = OnceLock::new();
    PROFILES.get_or_init(|| {
        read(FILE, TEXT).unwrap_or_else(|e| panic!("the built-in defender profiles: {e}"))
    })
}

/// A profiles file: a YAML list of `name` and `spec`, each checked at load.
fn read(file: &str, text: &str) -> Result<Vec<Unit>, DataError> {
    let profiles: Vec<Profile> = serde_yaml::from_str(text).map_err(|e| DataError {
        line: e.location().map_or(0, |l| l.line()),
        column: e.location().map(|l| l.column()),
        ..DataError::of_file(file, e.to_string())
    })?;
    profiles
        .into_iter()
        .map(
            |p| match p.spec.trim().is_empty() || p.name.trim().is_empty() {
                true => Err(DataError {
                    item: Some(p.name.clone()),
                    ..DataError::of_file(file, "a profile needs a name and a spec".into())
                }),
                false => Ok(Unit {
                    name: p.name,
                    spec: p.spec,
                    points: None,
                    weapons: Vec::new(),
                }),
            },
        )
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_profile_without_a_spec_is_refused_naming_it() {
        let e = read("p.yaml", "- name: x\n  spec: ''\n").unwrap_err();
        assert_eq!(e.item.as_deref(), Some("x"));
        assert!(read("p.yaml", "- name: x\n  bogus: 1\n").is_err());
    }
}
