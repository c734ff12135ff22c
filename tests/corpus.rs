//! The output corpus: what every command prints (every format, both games, error lines and exit
//! codes) and what the API answers, recorded byte for byte under `tests/corpus/`. A change to any
//! output shows here as the first line that differs; when the change is meant, record the corpus
//! again with `HOLODICE_CORPUS=record cargo test --test corpus` and review the diff.

use axum::body::Body;
use axum::http::{header, Request};
use holodice::server::{router, Config};
use http_body_util::BodyExt;
use std::path::{Path, PathBuf};
use tower::ServiceExt;

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus")
}

fn recording() -> bool {
    std::env::var("HOLODICE_CORPUS").is_ok_and(|v| v == "record")
}

/// `(name, rest)` for each line `NAME: REST` of a case file, comments and blank lines skipped.
fn cases(file: &str) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(corpus().join(file)).expect("the case file");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (name, rest) = l.split_once(':').expect("NAME: ARGUMENTS");
            (name.to_string(), rest.trim_start().to_string())
        })
        .collect()
}

/// A command line split as a shell splits it: words apart at spaces, quoted parts (single or
/// double quotes) kept whole; no escapes.
fn words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut quote, mut started) = (Vec::new(), String::new(), None, false);
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => (quote, started) = (Some(c), true),
            (None, ' ') if started => {
                words.push(std::mem::take(&mut word));
                started = false;
            }
            (None, ' ') => {}
            (None, c) => (word, started) = (word + &c.to_string(), true),
        }
    }
    assert!(quote.is_none(), "an unclosed quote in {line:?}");
    if started {
        words.push(word);
    }
    words
}

/// Compares each record with its file (or writes it when recording); the differences, each
/// named by its case and its first differing line.
fn compare(dir: &str, records: Vec<(String, String)>) -> Vec<String> {
    let dir = corpus().join(dir);
    if recording() {
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
    }
    let mut differences = Vec::new();
    for (name, record) in records {
        let path = dir.join(format!("{name}.txt"));
        if recording() {
            std::fs::write(&path, &record).unwrap();
            continue;
        }
        let Ok(expected) = std::fs::read_to_string(&path) else {
            differences.push(format!("{name}: no record at {}", path.display()));
            continue;
        };
        if expected != record {
            let line = expected
                .lines()
                .zip(record.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(expected.lines().count().min(record.lines().count()));
            let shown = |t: &str| t.lines().nth(line).unwrap_or("<end>").to_string();
            differences.push(format!(
                "{name}, line {}:\n  recorded: {}\n  now:      {}",
                line + 1,
                shown(&expected),
                shown(&record)
            ));
        }
    }
    differences
}

/// Runs `jobs` on every core, keeping their order.
fn in_parallel<T: Send, R: Send>(jobs: Vec<T>, run: impl Fn(T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(2, usize::from);
    let mut chunks: Vec<Vec<(usize, T)>> = (0..threads).map(|_| Vec::new()).collect();
    for (i, job) in jobs.into_iter().enumerate() {
        chunks[i % threads].push((i, job));
    }
    let mut done: Vec<(usize, R)> = std::thread::scope(|s| {
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                let run = &run;
                s.spawn(move || {
                    chunk
                        .into_iter()
                        .map(|(i, j)| (i, run(j)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a corpus thread"))
            .collect()
    });
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

#[test]
fn the_command_line_prints_what_the_corpus_recorded() {
    let records = in_parallel(cases("cli.txt"), |(name, line)| {
        let args = words(&line);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_holodice"))
            .args(&args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("COLUMNS", "100")
            .output()
            .expect("the holodice binary runs");
        let record = format!(
            "$ holodice {line}\nstatus: {}\n--- stdout\n{}\n--- stderr\n{}",
            out.status.code().map_or("signal".into(), |c| c.to_string()),
            crate::common::stdout(&out),
            crate::common::stderr(&out),
        );
        (name, record)
    });
    let differences = compare("cli", records);
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}

#[tokio::test]
async fn the_api_answers_what_the_corpus_recorded() {
    let app = router(Config::default());
    let mut records = Vec::new();
    for (name, line) in cases("api.txt") {
        let (method, rest) = line.split_once(' ').expect("METHOD PATH");
        let (path, body) = rest.split_once(' ').unwrap_or((rest, ""));
        let request = Request::builder()
            .method(method)
            .uri(path)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .unwrap();
        let response = app.clone().oneshot(request).await.expect("an answer");
        let mut headers: Vec<String> = [header::CONTENT_TYPE, header::ALLOW, header::RETRY_AFTER]
            .iter()
            .filter_map(|h| {
                let v = response.headers().get(h)?;
                Some(format!("{h}: {}", v.to_str().unwrap()))
            })
            .collect();
        headers.insert(0, format!("status: {}", response.status().as_u16()));
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let record = format!(
            "{line}\n{}\n--- body\n{}",
            headers.join("\n"),
            String::from_utf8_lossy(&bytes)
        );
        records.push((name, record));
    }
    let differences = compare("api", records);
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}
