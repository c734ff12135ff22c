//! The JSON API without the network: a request's keys become a command ([`params`]), the command
//! runs, and its answer or its error becomes the reply. The server puts a gate and HTTP around
//! this; the page's engine in the browser (`crates/web`) calls it directly, so both give the same
//! JSON for the same request.

mod answers;
mod arguments;
pub mod options;
pub mod params;
pub mod schema;

use crate::command::{self, Files};
use crate::error::Error;
use answers::{CardEntry, Estimate, Failure, Index, Vocabularies};
use holodice_engine::error as engine;
use holodice_engine::legion::cards::Cards as LegionCards;
use holodice_engine::swtcg::cards::Cards;
use params::{Endpoint, Pairs, ENDPOINTS, LISTINGS};
use std::path::Path;
use std::sync::OnceLock;

/// The largest request body: a SPEC is a line; 64 KiB holds thousands of samples.
pub const MAX_BODY: usize = 64 * 1024;

/// What an endpoint's path is put under to ask for its estimate instead of its answer:
/// `estimate/legion/attack` takes `legion/attack`'s request and says how much work it is.
pub const ESTIMATE: &str = "estimate/";

/// The most estimated work (units of `Prepared::cost`, about 0.2 µs natively) a query may have
/// for the page to answer it live, at each change of its form: about half a second in the
/// page's engine (WebAssembly on one core, slower than native). Picked from queries timed in
/// that engine (the built site's module in Node 20, the median of three runs on the 2-core VM)
/// beside their estimates: SWTCG attacks of Power 200 with Accuracy 1, Critical Hit 2 and
/// Fury 2 (estimate 28,969) took 15 ms, Power 500 (195,183) 120 ms, Power 1000 (892,956)
/// 381 ms; Power 1200 with Critical Hit 2 (753,996) 517 ms and Power 1500 (1,313,011) 1.23 s;
/// a table of 6 cells of Lucky 15 (1,305,600) 185 ms; the matchups of Stormtroopers at range 2
/// (7,480) 29 ms. The slowest took 0.7 µs a unit, so 700,000 units is about half a second.
/// Some estimates fall short: the optimal matchups estimate as the greedy ones but take 5.8 s
/// in that engine (docs/performance.md), so they run live, each change cancelling the last.
pub const LIVE_WORK: u64 = 700_000;

/// What a request is answered with: an HTTP status, a media type and the body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    pub status: u16,
    pub media_type: &'static str,
    pub body: String,
}

impl Reply {
    /// `{"error": "...", "field": "..."}` with its status; the line is kept to one line.
    pub fn error(status: u16, message: &str, field: Option<&str>) -> Reply {
        Reply::json(status, pretty(&Failure::new(message, field, None)))
    }

    /// A 400 for the command's error: its line, the key it concerns, and the other game when it
    /// says the input is that game's (`"game": "swtcg"` for `Power 5` given to Legion).
    fn failed(e: &Error) -> Reply {
        let field = e.concerns().map(|i| i.key());
        let body = Failure::new(&command::message(e), field, e.game().map(|g| g.key()));
        Reply::json(400, pretty(&body))
    }

    fn json(status: u16, body: String) -> Reply {
        Reply {
            status,
            media_type: "application/json",
            body,
        }
    }
}

/// A request parsed into its command and the command prepared ([`command::prepare`]): its
/// estimate and its run start from this one value. A command that can't be prepared is
/// estimated at 0 and answered with its error.
pub struct Request<'a> {
    prepared: Result<command::Prepared<'a>, Error>,
}

impl<'a> Request<'a> {
    /// The command `pairs` ask of `endpoint`, prepared with the cards `@Name` can name, or the
    /// 400 that says what is wrong with the keys.
    pub(crate) fn parse(
        endpoint: &Endpoint,
        pairs: Result<Pairs, params::Rejection>,
        cards: &'a Cards,
        legion_cards: &'a LegionCards,
    ) -> Result<Request<'a>, Reply> {
        let parsed = pairs
            .and_then(|p| params::command(endpoint, p))
            .map_err(|r| Reply::error(400, &r.message, r.field.as_deref()))?;
        let files = RequestFiles {
            samples: parsed.samples,
        };
        Ok(Request {
            prepared: command::prepare(parsed.command, cards, legion_cards, &files),
        })
    }

    /// The work the command would do, estimated before it runs ([`command::Prepared::cost`]).
    pub fn cost(&self) -> u64 {
        self.prepared.as_ref().map_or(0, command::Prepared::cost)
    }

    /// The estimate alone, without running it: `{"work": N, "live": bool, "live_limit": L}`,
    /// `live` saying whether the page may run it at each change of its form ([`LIVE_WORK`]).
    pub fn estimate(&self) -> Reply {
        let work = self.cost();
        Reply::json(200, pretty(&Estimate::new(work)))
    }

    /// The command's answer, or its error as a 400 naming the key it concerns.
    pub fn run(self) -> Reply {
        match self.prepared.and_then(command::Prepared::run) {
            Ok(answer) => Reply {
                status: 200,
                media_type: answer.media_type,
                body: answer.body,
            },
            Err(e) => Reply::failed(&e),
        }
    }
}

/// The answers that never change: the listings and the index, each computed the first time it
/// is asked for and kept: a program that embeds the engine asks for one answer at a time, and
/// its first attack needn't make 1.2 MB of listings it may never ask for.
pub struct Listings {
    cards: &'static Cards,
    listed: Vec<(Listed, OnceLock<String>)>,
}

/// What a listing lists.
#[derive(Clone, Copy)]
enum Listed {
    /// A listing command's answer (`swtcg keywords`).
    Command(&'static Endpoint),
    /// The SWTCG unit cards `@Name` can name.
    Cards,
    Variables,
    Schema,
    Index,
}

impl Listed {
    /// The listings the API answers itself, besides the listing commands.
    const OWN: [Listed; 4] = [
        Listed::Cards,
        Listed::Variables,
        Listed::Index,
        Listed::Schema,
    ];

    /// The listings the API answers itself, by path (for the schema, made natively).
    #[cfg(feature = "native")]
    pub(crate) fn own_paths() -> impl Iterator<Item = &'static str> {
        Listed::OWN.into_iter().map(Listed::path)
    }

    fn path(self) -> &'static str {
        match self {
            Listed::Command(endpoint) => endpoint.path,
            Listed::Cards => "swtcg/cards",
            Listed::Variables => "variables",
            Listed::Schema => schema::PATH,
            Listed::Index => "",
        }
    }
}

impl Listings {
    /// The listings of the keywords, the rules, the unit cards of `cards`, the schema and the
    /// endpoints, none computed yet.
    pub fn new(cards: &'static Cards) -> Listings {
        let listed = LISTINGS.iter().map(Listed::Command).chain(Listed::OWN);
        Listings {
            cards,
            listed: listed.map(|l| (l, OnceLock::new())).collect(),
        }
    }

    /// The paths under /api/v1/ ("" is the index), each with its JSON, computing those not yet
    /// asked for.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &str)> {
        self.listed.iter().map(|entry| self.entry(entry))
    }

    fn get(&self, path: &str) -> Option<Reply> {
        let entry = self.listed.iter().find(|(l, _)| l.path() == path)?;
        Some(Reply::json(200, self.entry(entry).1.to_string()))
    }

    /// A listing's path and JSON, computed at its first call.
    fn entry<'a>(&self, (listed, body): &'a (Listed, OnceLock<String>)) -> (&'static str, &'a str) {
        (listed.path(), body.get_or_init(|| self.compute(*listed)))
    }

    fn compute(&self, listed: Listed) -> String {
        match listed {
            Listed::Command(endpoint) => listing(endpoint),
            Listed::Cards => {
                let units: Vec<_> = (self.cards.all().iter())
                    .filter(|c| c.printing.as_ref().is_none_or(|p| p.unit))
                    .map(|c| CardEntry::new(self.cards, c))
                    .collect();
                pretty(&units)
            }
            Listed::Variables => pretty(&Vocabularies::both()),
            Listed::Schema => schema::DOCUMENT.to_string(),
            Listed::Index => pretty(&Index::new()),
        }
    }
}

/// The reply to one request for `path` under /api/v1/ (a listing, or an endpoint given its
/// JSON body, or its estimate under [`ESTIMATE`]; an empty body is a GET), run at once: what the
/// server answers, without its gate and its HTTP.
pub fn answer(
    path: &str,
    body: &[u8],
    cards: &Cards,
    legion_cards: &LegionCards,
    listings: &Listings,
) -> Reply {
    if let Some(listed) = listings.get(path) {
        return listed;
    }
    let estimated = path.strip_prefix(ESTIMATE);
    let Some(endpoint) = ENDPOINTS
        .iter()
        .find(|e| e.path == estimated.unwrap_or(path))
    else {
        let method = if body.is_empty() { "GET" } else { "POST" };
        let message = format!("no endpoint {method} /api/v1/{path}: GET /api/v1 lists them");
        return Reply::error(404, &message, None);
    };
    if body.len() > MAX_BODY {
        return Reply::error(
            413,
            &format!(
                "the body is over {} KiB: send a smaller request",
                MAX_BODY / 1024
            ),
            None,
        );
    }
    match Request::parse(endpoint, params::from_json(body), cards, legion_cards) {
        Ok(request) if estimated.is_some() => request.estimate(),
        Ok(request) => request.run(),
        Err(reply) => reply,
    }
}

/// [`answer`] with the built-in cards, each listing computed the first time it is asked for: the
/// API of a program that embeds the engine (the page's in the browser, the Python and npm
/// packages), which has no server to start with card files.
pub fn answer_builtin(path: &str, body: &str) -> Reply {
    static LISTINGS: OnceLock<Listings> = OnceLock::new();
    let cards = Cards::builtin();
    let listings = LISTINGS.get_or_init(|| Listings::new(cards));
    answer(
        path,
        body.as_bytes(),
        cards,
        LegionCards::builtin(),
        listings,
    )
}

/// A listing command's JSON, exactly as the command line prints it.
fn listing(endpoint: &Endpoint) -> String {
    let files = RequestFiles { samples: None };
    let listed = params::command(endpoint, Vec::new())
        .map_err(|r| r.message)
        .and_then(|parsed| {
            let (cards, legion_cards) = (Cards::builtin(), LegionCards::builtin());
            command::execute(parsed.command, cards, legion_cards, &files).map_err(|e| e.to_string())
        });
    match listed {
        Ok(answer) => answer.body,
        Err(e) => panic!("the listing {} is a command: {e}", endpoint.path),
    }
}

/// An answer as the API sends it: pretty JSON and a newline.
fn pretty(v: &impl serde::Serialize) -> String {
    serde_json::to_string_pretty(v).expect("answers serialize") + "\n"
}

/// A request's files: only its samples, never a disk.
struct RequestFiles {
    samples: Option<String>,
}

impl Files for RequestFiles {
    fn open(&self, flag: &str, _: &Path) -> Result<Box<dyn std::io::BufRead + '_>, Error> {
        match (flag, &self.samples) {
            ("--samples", Some(text)) => Ok(Box::new(text.as_bytes())),
            _ => Err(engine::Error::input(format!("{flag}: the server reads no files")).into()),
        }
    }

    fn describe(&self, flag: &str, _: &Path) -> String {
        match flag {
            "--samples" => "the request's samples".into(),
            _ => flag.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The README's attack, as the API corpus's `swtcg-attack-get` asks for it.
    const README_ATTACK: &str =
        r#"{"attacker": "Power 5, Accuracy 1, Critical Hit 2", "defender": "Health 4, Armor"}"#;

    /// The body `holodice serve` answered, as the API corpus recorded it.
    fn recorded(name: &str) -> String {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/corpus/api/{name}.txt"));
        let record = std::fs::read_to_string(&path).expect("a record of the API corpus");
        let (_, body) = record.split_once("\n--- body\n").expect("a body");
        body.to_string()
    }

    /// The paths of the listings computed so far.
    fn computed(listings: &Listings) -> Vec<&'static str> {
        (listings.listed.iter())
            .filter(|(_, body)| body.get().is_some())
            .map(|(listed, _)| listed.path())
            .collect()
    }

    #[test]
    fn an_attack_asked_first_computes_no_listing() {
        let cards = Cards::builtin();
        let listings = Listings::new(cards);
        let body = README_ATTACK.as_bytes();
        let reply = answer(
            "swtcg/attack",
            body,
            cards,
            LegionCards::builtin(),
            &listings,
        );
        assert_eq!(reply.status, 200);
        assert_eq!(reply.body, recorded("swtcg-attack-get"));
        assert_eq!(computed(&listings), Vec::<&str>::new());
    }

    #[test]
    fn a_listing_asked_first_computes_only_itself() {
        let cards = Cards::builtin();
        let listings = Listings::new(cards);
        let reply = answer(
            "swtcg/keywords",
            b"",
            cards,
            LegionCards::builtin(),
            &listings,
        );
        assert_eq!(reply.status, 200);
        assert_eq!(reply.body, recorded("swtcg-keywords"));
        assert_eq!(computed(&listings), ["swtcg/keywords"]);
    }
}
