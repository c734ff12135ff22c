//! The range bands an army's attacks are compared at: ranges 1 to 3, range 4 and beyond, and
//! melee, as players plan a turn.

use crate::error::Error;
use serde::Serialize;

/// Where an attack is made: at a range (4 stands for 4 and beyond: no weapon's reach ends
/// between 4 and infinite in Legion HQ's data but at 4 or beyond it), or in melee.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(into = "String")]
pub enum Band {
    /// Range 1 to 4 (4: 4 and beyond).
    Range(u32),
    /// Melee: the units are engaged.
    Melee,
}

impl Band {
    /// Every band, nearest first, melee last.
    pub const ALL: [Band; 5] = [
        Band::Range(1),
        Band::Range(2),
        Band::Range(3),
        Band::Range(4),
        Band::Melee,
    ];

    /// The SPEC item that makes an attack at this band.
    pub fn item(self) -> String {
        match self {
            Band::Range(r) => format!("range {r}"),
            Band::Melee => "melee".into(),
        }
    }

    /// The band as people read it: `range 1` to `range 4+`, `melee`.
    pub fn label(self) -> String {
        match self {
            Band::Range(4) => "range 4+".into(),
            Band::Range(r) => format!("range {r}"),
            Band::Melee => "melee".into(),
        }
    }

    /// A band as given: `1` to `4` (or `4+`), `range 2`, `melee`.
    pub fn read(text: &str) -> Result<Band, Error> {
        let t = text.trim().to_ascii_lowercase();
        let t = t.strip_prefix("range").map_or(t.as_str(), str::trim);
        match t {
            "melee" | "0" => Ok(Band::Melee),
            "1" | "2" | "3" | "4" => Ok(Band::Range(t.parse().unwrap_or(1))),
            "4+" => Ok(Band::Range(4)),
            _ => Err(Error::input(format!(
                "unknown range band '{}': give 1, 2, 3, 4 (4 and beyond), melee or best",
                crate::error::quote(text)
            ))),
        }
    }
}

impl From<Band> for String {
    fn from(b: Band) -> String {
        b.label()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_read_as_written_and_refuse_others() {
        assert_eq!(Band::read("range 2").unwrap(), Band::Range(2));
        assert_eq!(Band::read("4+").unwrap(), Band::Range(4));
        assert_eq!(Band::read("Melee").unwrap(), Band::Melee);
        let e = Band::read("5").unwrap_err().to_string();
        assert!(e.contains("give 1, 2, 3, 4"), "{e}");
    }
}
