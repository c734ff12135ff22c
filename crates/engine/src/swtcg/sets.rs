//! The SWTCG sets built in and the formats players name (`data/swtcg/sets.yaml`): each set's
//! code, name and maker (Wizards of the Coast or the IDC), and which sets each format allows, so
//! cards can be listed by format and each card says where it is legal.

use crate::data::{self, DataError};
use crate::error::quote;
use serde::Deserialize;
use std::sync::OnceLock;

/// Where the built-in sets and formats are defined.
pub(crate) const SETS_FILE: &str = "data/swtcg/sets.yaml";
const SETS_YAML: &str = include_str!("../../../../data/swtcg/sets.yaml");

/// Who made a set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Maker {
    /// Wizards of the Coast, which printed the game until 2005.
    WotC,
    /// The IDC, the fan group that has made its sets since.
    #[serde(rename = "IDC")]
    Idc,
}

impl Maker {
    /// Its short name as listings show it (`WotC`, `IDC`).
    pub fn name(self) -> &'static str {
        match self {
            Maker::WotC => "WotC",
            Maker::Idc => "IDC",
        }
    }
}

/// One set: its code as the set files write it, its name where known, and its maker.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Set {
    /// Its code as set files write it (`AOTC`).
    pub code: String,
    /// Its full name, where known.
    pub name: Option<String>,
    /// Who made it.
    pub maker: Maker,
}

/// One format as LackeyCCG's formats.txt defines it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Format {
    /// As formats.txt writes it: `Standard`, `TOR - The Old Republic`.
    pub label: String,
    /// The built-in sets it allows.
    pub sets: Vec<String>,
    /// The sets it allows that are not built in.
    #[serde(default)]
    pub not_built_in: Vec<String>,
}

impl Format {
    /// The label as players shorten it: the part before " - " (`TOR`).
    pub fn short(&self) -> &str {
        self.label.split(" - ").next().unwrap_or(&self.label).trim()
    }

    /// Whether a card printed in `sets` is legal in it: printed in one of its sets.
    pub fn allows(&self, sets: &[String]) -> bool {
        sets.iter()
            .any(|s| self.sets.iter().any(|f| f.eq_ignore_ascii_case(s)))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSets {
    formats: Vec<Format>,
    sets: Vec<Set>,
}

/// The sets and the formats.
#[derive(Debug, Clone)]
pub struct Sets {
    /// The formats, in the data file's order.
    pub formats: Vec<Format>,
    /// The sets, in the data file's order.
    pub sets: Vec<Set>,
}

impl Sets {
    /// The sets and formats shipped in the binary.
    pub fn builtin() -> &'static Sets {
        static SETS: OnceLock<Sets> = OnceLock::new();
        SETS.get_or_init(|| {
            Sets::load(SETS_FILE, SETS_YAML)
                .unwrap_or_else(|e| panic!("the embedded set data is malformed: {e}"))
        })
    }

    /// Parses and checks a sets file: codes and labels once each, every set a format allows
    /// listed under `sets`, none of them also under `not_built_in`.
    pub fn load(file: &str, text: &str) -> Result<Sets, DataError> {
        let raw: RawSets = data::parse(file, text)?;
        let fail = |key: &str, item: &str, message: String| {
            data::keyed_error(file, text, (key, item), message)
        };
        for (i, set) in raw.sets.iter().enumerate() {
            if set.code.trim().is_empty() || set.code.trim() != set.code {
                return Err(fail(
                    "code",
                    &set.code,
                    "a set code is a word, as in 'ANH'".into(),
                ));
            }
            if raw.sets[..i].iter().any(|s| s.code == set.code) {
                return Err(fail("code", &set.code, "the set is listed twice".into()));
            }
        }
        let codes = || raw.sets.iter().map(|s| s.code.as_str());
        for (i, format) in raw.formats.iter().enumerate() {
            let label = &format.label;
            if raw.formats[..i].iter().any(|f| f.short() == format.short()) {
                return Err(fail("label", label, "the format is listed twice".into()));
            }
            for set in &format.sets {
                if !codes().any(|c| c == set) {
                    let near = data::nearest(set, codes())
                        .map(|n| format!("; did you mean '{n}'?"))
                        .unwrap_or_default();
                    let message = format!("set '{}' is not under sets{near}", quote(set));
                    return Err(fail("label", label, message));
                }
            }
            if let Some(set) = format
                .not_built_in
                .iter()
                .find(|s| codes().any(|c| c == *s))
            {
                let message = format!("set '{set}' is built in: list it under sets");
                return Err(fail("label", label, message));
            }
        }
        Ok(Sets {
            formats: raw.formats,
            sets: raw.sets,
        })
    }

    /// The set of code `code`, in any case.
    pub fn set(&self, code: &str) -> Option<&Set> {
        self.sets
            .iter()
            .find(|s| s.code.eq_ignore_ascii_case(code.trim()))
    }

    /// The formats that allow a card printed in `sets`, in the file's order.
    pub fn formats_of(&self, sets: &[String]) -> Vec<&Format> {
        self.formats.iter().filter(|f| f.allows(sets)).collect()
    }

    /// The format a player names: its label or the part before " - ", in any case; otherwise
    /// the line saying which label is nearest.
    pub fn format(&self, name: &str) -> Result<&Format, String> {
        let wanted = name.trim();
        let same = |f: &Format| {
            f.label.eq_ignore_ascii_case(wanted) || f.short().eq_ignore_ascii_case(wanted)
        };
        if let Some(found) = self.formats.iter().find(|f| same(f)) {
            return Ok(found);
        }
        let names = self
            .formats
            .iter()
            .flat_map(|f| [f.label.as_str(), f.short()]);
        let near = data::nearest(wanted, names)
            .and_then(|n| self.formats.iter().find(|f| f.label == n || f.short() == n))
            .map(|f| format!("did you mean '{}'? ", f.short()))
            .unwrap_or_default();
        let all: Vec<&str> = self.formats.iter().map(Format::short).collect();
        Err(format!(
            "unknown format '{}'; {near}the formats are {}",
            quote(wanted),
            all.join(", ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_named_by_label_or_short_label_in_any_case() {
        let sets = Sets::builtin();
        assert_eq!(sets.format("standard").unwrap().label, "Standard");
        assert_eq!(sets.format("tor").unwrap().label, "TOR - The Old Republic");
        let rep = sets.format("REP/CW - republic and clone wars").unwrap();
        assert_eq!(rep.short(), "REP/CW");
        let err = sets.format("standrd").unwrap_err();
        assert!(
            err.starts_with("unknown format 'standrd'; did you mean 'Standard'?"),
            "{err}"
        );
    }

    #[test]
    fn a_bad_sets_file_names_its_line_and_item() {
        let text = "formats:\n  - label: Mine\n    sets: [ZZ, YX]\nsets:\n  - code: ZZ\n    \
                    maker: IDC\n  - code: YY\n    maker: IDC\n";
        let err = Sets::load("s.yaml", text).unwrap_err();
        assert_eq!((err.line, err.item.as_deref()), (2, Some("Mine")));
        assert!(err
            .message
            .contains("set 'YX' is not under sets; did you mean 'YY'?"));
        let twice = text.replace("code: YY", "code: ZZ");
        let err = Sets::load("s.yaml", &twice).unwrap_err();
        assert_eq!(
            (err.line, err.message.as_str()),
            (5, "the set is listed twice")
        );
        let maker = text.replace("maker: IDC\n  - code: YY", "maker: Wotc\n  - code: YY");
        assert!(Sets::load("s.yaml", &maker).is_err());
    }
}
