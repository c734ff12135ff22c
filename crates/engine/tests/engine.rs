//! The engine's tests, one binary: independent brute-force oracles written from the keyword
//! texts (`swtcg_oracle`, `legion_oracle`), closed forms and published values, the simulators
//! against the exact engine, and the card readers. Files that need data beside the repository
//! (`../shared`) say so when it is missing.

mod support;

mod army_list;
mod legion_anchors;
mod legion_batch;
mod legion_keyword_coverage;
mod legion_oracle;
mod legion_policies;
mod legion_sequence;
mod legion_sequence_optimal;
mod legion_weight_width;
mod sim;
mod sim_sequence;
mod spec_errors;
mod swtcg_builtin;
mod swtcg_cards;
mod swtcg_closed_forms;
mod swtcg_oracle;
mod swtcg_sequence;
mod swtcg_set_files;
