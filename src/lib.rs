//! holodice, the application: the command line and the HTTP server over the exact engine
//! ([`holodice_engine`]), and what they share: every command as one request type with the one
//! function that runs it ([`command`]), the reports of each query ([`report`]) and the listings
//! ([`listing`]), one renderer per output format ([`render`]) and the SVG charts ([`plot`]).
//! [`server`] serves the web page and the JSON API on the same commands.

pub mod command;
pub mod fuzzing;
pub mod listing;
pub mod plot;
pub mod render;
pub mod report;
pub mod server;
