//! holodice, the application: the command line and the HTTP server over the exact engine
//! ([`holodice_engine`]), and what they share: every command as one request type, prepared
//! once to be estimated and run ([`command`]), the application's errors ([`error`]), the
//! reports of each query ([`report`]) and the listings ([`listing`]), one renderer per output
//! format ([`render`]) and the SVG charts ([`plot`]).
//! [`api`] is the JSON API without the network: [`server`] serves it (and the web page) over
//! HTTP, and the page's engine in the browser (`crates/web`) calls it directly.

pub mod api;
pub mod command;
pub mod error;
pub mod fuzzing;
pub mod listing;
pub mod plot;
pub mod render;
pub mod report;
#[cfg(feature = "native")]
pub mod server;
