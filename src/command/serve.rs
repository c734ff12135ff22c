//! `holodice serve`: its options and help; the server itself is `crate::server`.

#[cfg(feature = "native")]
use clap::Args;
use serde::Deserialize;
use std::net::SocketAddr;
use std::path::PathBuf;

#[cfg(feature = "native")]
pub(crate) const HELP: &str = "The page at the printed URL computes SWTCG and Legion attacks and \
tables; every query lives in its URL, so a link is a shared result. The same engine answers JSON \
under /api/v1/ (GET /api/v1 lists the endpoints and their keys): a request's keys are the \
command's long options, and the answer is what the command prints with --format json.

Examples:
  holodice serve
  holodice serve --addr 127.0.0.1:9000 --cards my-cards.yaml
  curl --json '{\"attacker\": \"Power 5\"}' 127.0.0.1:8080/api/v1/swtcg/attack
  curl '127.0.0.1:8080/api/v1/legion/attack?attacker=4+red&defender=white+defense'
";

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
// Only the native build has the server that reads them.
#[cfg_attr(not(feature = "native"), allow(dead_code))]
pub struct ServeArgs {
    /// The address and port to listen on; only this machine can connect unless you give another
    /// address (0.0.0.0:8080 listens on every network)
    #[cfg_attr(
        feature = "native",
        arg(long, value_name = "IP:PORT", default_value = "127.0.0.1:8080")
    )]
    pub(crate) addr: SocketAddr,
    /// A card file whose units requests may name as '@Name': holodice's YAML or a LackeyCCG set
    /// file for SWTCG, Legion HQ's cards.json (or its YAML form) for Legion, told apart by their
    /// content (repeatable; read once, at start)
    #[cfg_attr(feature = "native", arg(long = "cards", value_name = "FILE", value_hint = clap::ValueHint::FilePath))]
    pub(crate) cards: Vec<PathBuf>,
    /// Let pages from this origin call the API from a browser (CORS), e.g. https://example.org
    #[cfg_attr(feature = "native", arg(long, value_name = "ORIGIN"))]
    pub(crate) cors: Option<String>,
    /// Computations run at once; more wait briefly, then get 503 [default: the number of cores]
    #[cfg_attr(feature = "native", arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024)))]
    pub(crate) workers: Option<u16>,
}
