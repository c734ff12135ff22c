//! The documentation says what the code does: generated tables are byte-identical to what the
//! program prints, and every rule option is documented with its values.

use holodice::listing::swtcg_keywords::coverage_markdown;
use holodice_engine::swtcg::rules::OPTIONS;

const START: &str = "<!-- keywords:start -->\n";
const END: &str = "<!-- keywords:end -->";
/// The README holds both games' tables: the Legion one between markers of its own.
const LEGION_START: &str = "<!-- legion-keywords:start -->\n";
const LEGION_END: &str = "<!-- legion-keywords:end -->";

fn embedded_table(path: &str) -> String {
    table_between(path, START, END)
}

fn table_between(path: &str, start: &str, end: &str) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let a = text
        .find(start)
        .unwrap_or_else(|| panic!("{path} lacks {start}"))
        + start.len();
    let b = text
        .find(end)
        .unwrap_or_else(|| panic!("{path} lacks {end}"));
    text[a..b].to_string()
}

#[test]
fn keyword_tables_in_docs_and_readme_match_the_keyword_data() {
    for path in ["docs/keywords.md", "README.md"] {
        assert_eq!(
            embedded_table(path),
            coverage_markdown(),
            "{path} is stale: paste the output of `holodice swtcg keywords` between the markers"
        );
    }
}

#[test]
fn legion_item_tables_in_docs_and_readme_match_the_item_data() {
    assert_eq!(
        embedded_table("docs/legion.md"),
        holodice::listing::legion_keywords::coverage_markdown(),
        "docs/legion.md is stale: paste the output of `holodice legion keywords` between the markers"
    );
    assert_eq!(
        table_between("README.md", LEGION_START, LEGION_END),
        holodice::listing::legion_keywords::coverage_markdown(),
        "README.md's Legion table is stale: paste the output of `holodice legion keywords` \
         between the legion-keywords markers"
    );
}

#[test]
fn every_rule_option_is_documented_with_its_values() {
    let doc = std::fs::read_to_string("docs/rules.md").unwrap();
    for o in OPTIONS {
        let values: Vec<String> = o.values.iter().map(|v| format!("`{v}`")).collect();
        let row = format!("| `{}` | {} |", o.name, values.join(", "));
        assert!(
            doc.contains(&row),
            "docs/rules.md lacks the row starting {row}"
        );
    }
}

/// The README's sample outputs are what the program prints today.
#[test]
fn readme_samples_are_the_programs_current_output() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    for (args, first, last) in [
        (
            vec![
                "swtcg",
                "attack",
                "--attacker",
                "Power 5, Accuracy 1, Critical Hit 2",
                "--defender",
                "Health 4, Armor",
            ],
            "SWTCG attack (exact)",
            "Rules: ",
        ),
        (
            vec![
                "legion",
                "attack",
                "--attacker",
                "4 red, surge crit, aim 1",
                "--defender",
                "white defense, surge block, cover light",
            ],
            "Legion attack (exact)",
            "Edition: ",
        ),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_holodice"))
            .args(&args)
            .output()
            .unwrap();
        let printed = String::from_utf8(out.stdout).unwrap();
        let start = readme
            .find(first)
            .unwrap_or_else(|| panic!("README lacks {first}"));
        let end = start + readme[start..].find(last).unwrap();
        let end = end + readme[end..].find('\n').unwrap() + 1;
        assert_eq!(
            &readme[start..end],
            printed,
            "README sample of {args:?} is stale"
        );
    }
}

/// A command line's words: spaces split, double quotes group (all the README uses).
fn words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut quoted, mut started) = (vec![], String::new(), false, false);
    for c in line.chars() {
        match c {
            '"' => (quoted, started) = (!quoted, true),
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                }
                started = false;
            }
            _ => (word, started) = (word + &c.to_string(), true),
        }
    }
    if started {
        words.push(word);
    }
    words
}

/// Every concrete `holodice …` example in the README's command blocks runs as written from the
/// repository (synopsis lines, with SPEC or [--option] placeholders, are not examples).
#[test]
fn readme_examples_run_as_written() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let mut in_block = false;
    let mut ran = 0;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_block = line == "```sh";
            continue;
        }
        let Some(rest) = line.strip_prefix("holodice ").filter(|_| in_block) else {
            continue;
        };
        let placeholders = ["SPEC", "ITEM", "FILE", "[--", "swtcg|legion", " X "];
        if placeholders.iter().any(|p| rest.contains(p)) || rest.contains('#') {
            continue;
        }
        let args = words(rest);
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_holodice"))
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "README example `{line}`: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        ran += 1;
    }
    assert!(ran >= 6, "the README shows concrete examples ({ran} found)");
}

/// Every file under `dir` (recursively) with its text.
fn sources(dir: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(sources(path.to_str().unwrap()));
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            out.push((path.display().to_string(), text));
        }
    }
    out
}

/// docs/hardening.md's rows are each covered by a test marked `// hardening: ID`, and every
/// mark names a row.
#[test]
fn every_hardening_row_has_its_test() {
    let doc = std::fs::read_to_string("docs/hardening.md").unwrap();
    let ids: Vec<&str> = doc
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split_once('`').map(|(id, _)| id))
        .collect();
    assert!(
        ids.len() >= 30,
        "the table lists its rows ({} found)",
        ids.len()
    );
    let files: Vec<(String, String)> = ["tests", "src", "crates/engine/tests", "crates/engine/src"]
        .into_iter()
        .flat_map(sources)
        .collect();
    let marks: Vec<&str> = files
        .iter()
        .flat_map(|(_, text)| text.lines())
        .filter_map(|l| l.trim().strip_prefix("// hardening: "))
        .collect();
    for id in &ids {
        assert!(
            marks.contains(id),
            "docs/hardening.md row `{id}` has no test marked `// hardening: {id}`"
        );
    }
    for mark in &marks {
        assert!(
            ids.contains(mark),
            "a test is marked `hardening: {mark}`, a row docs/hardening.md lacks"
        );
    }
}

/// The vocabulary the page knows before its engine has downloaded (web/js/catalog.js, for the
/// first visit's worked example) is the data's: each game's roles and their short phrases.
#[test]
fn the_pages_first_visit_vocabulary_is_the_datas() {
    use holodice_engine::vocabulary::Vocabulary;
    let js = std::fs::read_to_string("web/js/catalog.js").unwrap();
    let line = (js.lines())
        .find_map(|l| l.strip_prefix("const VARIABLES = "))
        .expect("catalog.js declares VARIABLES on one line");
    let page: serde_json::Value = serde_json::from_str(line.trim_end_matches(';')).unwrap();
    for (game, data) in [
        ("swtcg", Vocabulary::swtcg()),
        ("legion", Vocabulary::legion()),
    ] {
        let known = &page[game];
        for (role, key) in [
            ("damage", &data.damage),
            ("destroyed", &data.destroyed),
            ("mean_damage", &data.mean_damage),
        ] {
            assert_eq!(known[role], key.as_str(), "{game}'s {role}");
        }
        for v in known["variables"].as_array().unwrap() {
            let key = v["key"].as_str().unwrap();
            let short = data.variable(key).and_then(|d| d.short.clone());
            assert_eq!(v["short"].as_str(), short.as_deref(), "{game}'s {key}");
        }
    }
}

/// The packages' pages are read on PyPI and npm, away from the repository, so they link to it
/// by URL: each such link names a file the repository has.
#[test]
fn the_packages_links_into_the_repository_name_its_files() {
    const BLOB: &str = "https://github.com/holodice/holodice/blob/main/";
    let pages = [
        "crates/python/README.md",
        "crates/python/pyproject.toml",
        "crates/web/npm/README.md",
        "crates/web/npm/package.json",
    ];
    let mut links = 0;
    for page in pages {
        let text = std::fs::read_to_string(page).unwrap();
        for (at, _) in text.match_indices(BLOB) {
            let rest = &text[at + BLOB.len()..];
            let end = rest
                .find(|c: char| ")\"' #>".contains(c))
                .unwrap_or(rest.len());
            let path = &rest[..end];
            assert!(
                std::path::Path::new(path).exists(),
                "{page} links to {BLOB}{path}, which the repository lacks"
            );
            links += 1;
        }
    }
    assert!(
        links >= 3,
        "the packages' pages link into the repository ({links} found)"
    );
}
