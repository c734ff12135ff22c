//! `holodice serve` as a process: the URL it prints, a clean stop on SIGTERM, one-line errors.

use crate::common::{assert_user_error, serve};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;

#[test]
fn serve_prints_its_url_answers_on_loopback_and_stops_cleanly_on_sigterm() {
    serve_and_stop("-TERM");
}

#[test]
fn serve_stops_cleanly_on_ctrl_c() {
    serve_and_stop("-INT");
}

fn serve_and_stop(signal: &str) {
    let mut served = serve(&["--workers", "1"]);
    let host = served.host.clone();
    let mut stream = TcpStream::connect(&host).unwrap();
    let body = r#"{"attacker": "Power 2", "defender": "Health 1"}"#;
    write!(
        stream,
        "POST /api/v1/swtcg/attack HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"destroyed\": \"3/4\""), "{answer}");
    let killed = Command::new("kill")
        .args([signal, &served.child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = served.child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "a clean stop");
    let mut rest = String::new();
    served.output.read_to_string(&mut rest).unwrap();
    assert!(rest.contains("1 computations at once"), "{rest}");
    assert!(rest.ends_with("holodice: stopped\n"), "{rest}");
}

#[test]
fn serve_refuses_bad_options_in_one_line() {
    assert_user_error(&["serve", "--addr", "localhost"], &["--addr", "IP:PORT"]);
    assert_user_error(
        &["serve", "--cors", "example.org"],
        &[
            "--cors 'example.org' is not an origin",
            "https://example.org",
        ],
    );
    assert_user_error(
        &["serve", "--cards", "/no/such/file.yaml"],
        &["cannot read --cards /no/such/file.yaml"],
    );
    assert_user_error(&["serve", "--workers", "0"], &["--workers"]);
}

#[test]
fn a_port_in_use_is_one_line_with_the_fix() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let err = assert_user_error(&["serve", "--addr", &addr], &["cannot listen on", "--addr"]);
    assert!(err.contains(&addr), "{err}");
}

// hardening: server-headers
#[test]
fn a_client_that_never_finishes_its_headers_is_dropped() {
    let served = serve(&[]);
    let host = served.host.clone();
    let mut slow = TcpStream::connect(&host).unwrap();
    slow.write_all(b"GET / HTTP/1.1\r\nHo").unwrap();
    let started = std::time::Instant::now();
    let mut rest = Vec::new();
    let _ = slow.read_to_end(&mut rest);
    let waited = started.elapsed().as_secs_f64();
    assert!((9.0..20.0).contains(&waited), "dropped after {waited} s");
    // The server still answers others.
    let mut ok = TcpStream::connect(&host).unwrap();
    write!(
        ok,
        "GET /api/v1/swtcg/rules HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    ok.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}
