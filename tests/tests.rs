//! The application's tests, one binary: the command line (every command, format, error line and
//! exit code, against the output corpus too), the HTTP API and the server, the page in a
//! headless browser, the documents the outputs make, and the docs against the code.

mod common;

mod api;
mod army;
mod browser;
mod check;
mod cli;
mod compare;
mod contrast;
mod corpus;
mod docs;
mod formats;
mod fuzz_smoke;
mod hardening;
mod legion_cards;
mod legion_cli;
mod npm_package;
mod options;
mod page;
mod page_compare;
mod python_package;
mod scenario_corpus;
mod schema;
mod serve_cli;
mod server_hostile;
mod simulate_cli;
mod site;
mod swtcg_cards_cli;
mod swtcg_community_keywords;
mod swtcg_glossary_cli;
mod tables;
mod text_output;
