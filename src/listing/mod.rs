//! The listings: the keyword and rule tables of both games and the cards `@Name` can name, as
//! text, JSON or a grid every table format draws.

pub mod legion_keywords;
pub mod legion_units;
pub mod swtcg_cards;
pub mod swtcg_coverage;
pub mod swtcg_keywords;
pub mod swtcg_rules;
