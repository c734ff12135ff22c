//! The server on loopback under clients that misbehave: answers never read, other hosts' names,
//! bodies that aren't JSON or name a key twice, HEAD, huge keys, clients that hang up. Each test
//! runs its own server in this process, with limits short enough to be seen in a test.

use crate::common::serve;
use holodice::server::{serve_on, Config, Limits};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::Command;
use std::time::{Duration, Instant};

/// A server on a free loopback port, stopped when dropped.
struct Server {
    addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn start(config: Config) -> Server {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let workers = config.limits.workers.max(2);
    let thread = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .max_blocking_threads(workers)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            let stop = async move {
                let _ = stopped.await;
            };
            serve_on(listener, config, stop, std::future::ready(())).await;
        });
    });
    let server = Server {
        addr,
        stop: Some(stop),
        thread: Some(thread),
    };
    // A test's clients come once the server answers, as a started server's do: clients that
    // connect while it still builds its answers wait in the kernel's queue and are taken in one
    // burst, which the tests of its connection limits don't model.
    let ready = exchange(
        addr,
        "GET /api/v1 HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n",
    );
    assert!(ready.starts_with("HTTP/1.1 200"), "{}", head(&ready));
    server
}

fn limits() -> Limits {
    Limits {
        workers: 2,
        write_time: Duration::from_millis(300),
        ..Limits::default()
    }
}

fn config(local_only: bool) -> Config {
    Config {
        limits: limits(),
        local_only,
        ..Config::default()
    }
}

/// Sends `request` (its `{host}` replaced) and reads the whole answer.
fn exchange(addr: SocketAddr, request: &str) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    stream
        .write_all(request.replace("{host}", &addr.to_string()).as_bytes())
        .unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

/// A POST of `body` with `content_type`.
fn post(path: &str, content_type: &str, body: &str) -> String {
    format!(
        "POST {path} HTTP/1.1\r\nHost: {{host}}\r\nContent-Type: {content_type}\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
}

/// An answer's first 200 characters at most, for a failure's message (an answer may be empty).
fn head(answer: &str) -> String {
    match answer.is_empty() {
        true => "(no answer: the connection closed without one)".into(),
        false => answer.chars().take(200).collect(),
    }
}

const SMALL: &str = r#"{"attacker": "Power 2", "defender": "Health 1"}"#;

/// A request whose answer is about 11 MB of JSON: more than the sockets buffer.
fn large() -> String {
    let attackers: Vec<String> = (991..=1000).map(|p| format!("\"Power {p}\"")).collect();
    post(
        "/api/v1/swtcg/compare",
        "application/json",
        &format!(r#"{{"attacker": [{}]}}"#, attackers.join(", ")),
    )
}

// hardening: server-write
#[test]
fn a_client_that_never_reads_its_answer_is_cut_off_and_others_are_answered() {
    let server = start(config(true));
    // Clients that ask for a large answer and never read it.
    let unread: Vec<TcpStream> = (0..4)
        .map(|_| {
            let mut s = TcpStream::connect(server.addr).unwrap();
            let request = large().replace("{host}", &server.addr.to_string());
            s.write_all(request.as_bytes()).unwrap();
            s
        })
        .collect();
    // Each answer takes about 2 s to compute (debug build), then its write stalls for 0.3 s.
    std::thread::sleep(Duration::from_secs(8));
    let small = exchange(
        server.addr,
        &post("/api/v1/swtcg/attack", "application/json", SMALL),
    );
    assert!(small.starts_with("HTTP/1.1 200"), "{small}");
    // The stalled connections were closed: what is left to read stops short of the answer.
    for mut s in unread {
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let mut got = Vec::new();
        let _ = s.read_to_end(&mut got);
        assert!(
            got.len() < 11_000_000,
            "a connection left unread got its whole answer ({} bytes)",
            got.len()
        );
    }
}

// hardening: server-write
#[test]
fn answers_held_for_clients_that_do_not_read_them_are_bounded() {
    // Room for one large answer (about 11 MB) held at a time; none is heavy, so that one client
    // may ask several.
    let server = start(Config {
        limits: Limits {
            held_answers_kib: 16 * 1024,
            heavy_work: u64::MAX,
            write_time: Duration::from_secs(20),
            ..limits()
        },
        ..config(true)
    });
    let mut unread = TcpStream::connect(server.addr).unwrap();
    let request = large().replace("{host}", &server.addr.to_string());
    unread.write_all(request.as_bytes()).unwrap();
    // Its answer is computed (about 2 s in a debug build) and waits up to 20 s for the client,
    // which reads its status line and no more (asked while it computed, another large answer
    // could take the room first: then the unread one would be the answer refused); meanwhile
    // another large answer finds no room.
    unread
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut status = [0u8; 12];
    unread.read_exact(&mut status).unwrap();
    assert_eq!(&status, b"HTTP/1.1 200", "the unread answer holds its room");
    let start = Instant::now();
    let refused = loop {
        let answer = exchange(server.addr, &large());
        if !answer.starts_with("HTTP/1.1 200") || start.elapsed() > Duration::from_secs(90) {
            break answer;
        }
    };
    assert!(refused.starts_with("HTTP/1.1 503"), "{}", head(&refused));
    assert!(refused.contains("16 MiB of answers"), "{}", head(&refused));
    // Once the unread one's client has gone, large answers are given again.
    drop(unread);
    std::thread::sleep(Duration::from_secs(1));
    let answer = exchange(server.addr, &large());
    assert!(answer.starts_with("HTTP/1.1 200"), "{}", head(&answer));
}

// hardening: server-connections
#[test]
fn idle_connections_are_closed_first_when_the_connections_run_short() {
    let server = start(Config {
        limits: Limits {
            connections: 16,
            ..limits()
        },
        ..config(true)
    });
    // Clients that connect and send nothing: once 15 of the 16 places are taken, the idle ones
    // are closed.
    let idle: Vec<TcpStream> = (0..15)
        .map(|_| {
            let s = TcpStream::connect(server.addr).unwrap();
            std::thread::sleep(Duration::from_millis(20));
            s
        })
        .collect();
    for mut s in idle.into_iter().take(14) {
        s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        let mut got = Vec::new();
        let closed = s.read_to_end(&mut got).is_ok();
        assert!(closed && got.is_empty(), "an idle connection was kept");
    }
    let answer = exchange(
        server.addr,
        &post("/api/v1/swtcg/attack", "application/json", SMALL),
    );
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

// hardening: server-host
#[test]
fn a_loopback_server_answers_only_requests_that_name_this_machine() {
    let server = start(config(true));
    let with_host = |host: &str| {
        post("/api/v1/swtcg/attack", "application/json", SMALL).replace("{host}", host)
    };
    let evil = exchange(server.addr, &with_host("evil.example:8080"));
    assert!(evil.starts_with("HTTP/1.1 421"), "{evil}");
    assert!(
        evil.contains("this server answers this machine only"),
        "{evil}"
    );
    for host in [
        server.addr.to_string(),
        format!("localhost:{}", server.addr.port()),
        format!("[::1]:{}", server.addr.port()),
    ] {
        let ok = exchange(server.addr, &with_host(&host));
        assert!(ok.starts_with("HTTP/1.1 200"), "{host}: {ok}");
    }
    // The page loads as its browser asks for it.
    let page = exchange(
        server.addr,
        "GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n",
    );
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
}

// hardening: server-media
#[test]
fn a_body_that_is_not_declared_json_is_refused_before_it_is_read() {
    let server = start(config(true));
    for media in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
    ] {
        let answer = exchange(server.addr, &post("/api/v1/swtcg/attack", media, SMALL));
        assert!(answer.starts_with("HTTP/1.1 415"), "{media}: {answer}");
        assert!(
            answer.contains("Content-Type: application/json"),
            "{answer}"
        );
    }
    let charset = exchange(
        server.addr,
        &post(
            "/api/v1/swtcg/attack",
            "application/json; charset=utf-8",
            SMALL,
        ),
    );
    assert!(charset.starts_with("HTTP/1.1 200"), "{charset}");
}

// hardening: server-duplicate-keys
#[test]
fn a_key_given_twice_is_refused_not_resolved_to_the_last() {
    let server = start(config(true));
    let body = r#"{"attacker": "Power 2", "defender": "Health 1", "attacker": "Power 9"}"#;
    let answer = exchange(
        server.addr,
        &post("/api/v1/swtcg/attack", "application/json", body),
    );
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("'attacker' is given twice"), "{answer}");
    assert!(answer.contains("\"field\": \"attacker\""), "{answer}");
}

// hardening: server-head
#[test]
fn head_asks_for_no_computation() {
    let server = start(config(true));
    let start = Instant::now();
    let answer = exchange(
        server.addr,
        "HEAD /api/v1/swtcg/attack?attacker=Power+2000 HTTP/1.1\r\nHost: {host}\r\n\
         Connection: close\r\n\r\n",
    );
    assert!(answer.starts_with("HTTP/1.1 405"), "{answer}");
    assert!(answer.contains("allow: GET, POST"), "{answer}");
    assert!(start.elapsed() < Duration::from_secs(2));
}

// hardening: error-line
#[test]
fn an_error_about_a_huge_or_unprintable_key_stays_a_short_line() {
    let server = start(config(true));
    let key = format!("\u{1b}[31m{}", "k".repeat(60_000));
    let body = format!(r#"{{"attacker": "Power 2", "{key}": 1}}"#);
    let answer = exchange(
        server.addr,
        &post("/api/v1/swtcg/attack", "application/json", &body),
    );
    assert!(answer.starts_with("HTTP/1.1 400"), "{}", head(&answer));
    assert!(answer.len() < 4000, "{} bytes", answer.len());
    assert!(
        !answer.contains('\u{1b}'),
        "a terminal escape came back raw"
    );
}

// hardening: server-hang-up
#[test]
fn clients_that_hang_up_leave_the_server_answering() {
    let server = start(Config {
        limits: Limits {
            workers: 1,
            ..limits()
        },
        ..config(true)
    });
    let heavy = r#"{"attacker": "Power 15, Lucky 15, Critical Hit 1, Fury 1, Focus 1, Backfire 1", "defender": "Lucky 15, Parry 1, Riposte 1, Health 9", "policy": "optimal", "rule": ["lucky-first=defender"]}"#;
    for round in 0..3 {
        // Clients that send a query and hang up at once, heavy and small, many more than the
        // workers.
        for i in 0..60 {
            let body = if i % 3 == 0 { heavy } else { SMALL };
            let mut s = TcpStream::connect(server.addr).unwrap();
            let request = post("/api/v1/swtcg/attack", "application/json", body)
                .replace("{host}", &server.addr.to_string());
            let _ = s.write_all(request.as_bytes());
            drop(s);
        }
        let answer = exchange(
            server.addr,
            &post("/api/v1/swtcg/attack", "application/json", SMALL),
        );
        assert!(
            answer.starts_with("HTTP/1.1 200"),
            "round {round}: {answer}"
        );
    }
}

// hardening: server-stop
#[test]
fn a_stopping_server_takes_no_new_client_and_a_second_signal_stops_it_at_once() {
    let mut served = serve(&["--workers", "1"]);
    let host = served.host.clone();
    // A slow answer under way: ten optimal Lucky attacks, a few seconds in a debug build.
    let attackers: Vec<String> = (9..19)
        .map(|h| {
            format!(
                "\"Power 15, Lucky 15, Critical Hit 1, Fury 1, Focus 1, Backfire 1, Health {h}\""
            )
        })
        .collect();
    let body = format!(
        r#"{{"attacker": [{}], "defender": ["Lucky 15, Parry 1, Riposte 1, Health 9"], "policy": "optimal"}}"#,
        attackers.join(", ")
    );
    let mut slow = TcpStream::connect(&host).unwrap();
    let request = post("/api/v1/swtcg/compare", "application/json", &body).replace("{host}", &host);
    slow.write_all(request.as_bytes()).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let pid = served.child.id().to_string();
    let signal = || {
        let killed = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        assert!(killed.success());
    };
    signal();
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        TcpStream::connect(&host).is_err(),
        "a stopping server still takes clients"
    );
    signal();
    let status = served.child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    slow.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut answer = String::new();
    let _ = slow.read_to_string(&mut answer);
    assert!(
        !answer.starts_with("HTTP/1.1 200"),
        "the second signal waited for the answer"
    );
}

// hardening: server-long-compute
#[test]
fn a_computation_longer_than_a_read_timeout_gets_its_answer() {
    // Reads time out after 300 ms here; the large comparison computes for about 2 s (debug
    // build) while its client sends nothing more: the answer still comes.
    let server = start(Config {
        limits: Limits {
            request_time: Duration::from_millis(300),
            heavy_work: u64::MAX,
            write_time: Duration::from_secs(20),
            ..limits()
        },
        ..config(true)
    });
    let answer = exchange(server.addr, &large());
    assert!(answer.starts_with("HTTP/1.1 200"), "{}", head(&answer));
}

// hardening: server-body-time
#[test]
fn a_body_that_stops_arriving_gets_408() {
    let server = start(Config {
        limits: Limits {
            request_time: Duration::from_secs(1),
            ..limits()
        },
        ..config(true)
    });
    let mut stream = TcpStream::connect(server.addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let request = format!(
        "POST /api/v1/swtcg/attack HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\nConnection: close\r\n\r\n{{\"attacker\"",
        server.addr
    );
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 408"), "{}", head(&answer));
    assert!(
        answer.contains("the body took over 1 s to arrive"),
        "{answer}"
    );
}

// hardening: server-headers
#[test]
fn headers_past_128_kib_are_refused_with_431() {
    let server = start(config(true));
    let padding = "x".repeat(132 * 1024);
    let answer = exchange(
        server.addr,
        &format!(
            "GET /api/v1 HTTP/1.1\r\nHost: {{host}}\r\nX-Padding: {padding}\r\n\
             Connection: close\r\n\r\n"
        ),
    );
    assert!(answer.starts_with("HTTP/1.1 431"), "{}", head(&answer));
}

// hardening: server-host
#[test]
fn a_host_that_only_starts_like_this_machine_is_another_host() {
    let server = start(config(true));
    for host in ["[::1]evil.example", "[::1]:80evil", "[::1]x:8080", "[::1"] {
        let request =
            post("/api/v1/swtcg/attack", "application/json", SMALL).replace("{host}", host);
        let answer = exchange(server.addr, &request);
        assert!(
            answer.starts_with("HTTP/1.1 421") || answer.starts_with("HTTP/1.1 400"),
            "{host}: {}",
            head(&answer)
        );
    }
}

// hardening: server-cross-site
#[test]
fn another_sites_page_cannot_make_the_server_compute() {
    let get = |fetch_site: &str, origin: &str| {
        format!(
            "GET /api/v1/swtcg/attack?attacker=Power+2 HTTP/1.1\r\nHost: {{host}}\r\n\
             Sec-Fetch-Site: {fetch_site}\r\n{origin}Connection: close\r\n\r\n"
        )
    };
    let server = start(config(true));
    let refused = exchange(
        server.addr,
        &get("cross-site", "Origin: https://evil.example\r\n"),
    );
    assert!(refused.starts_with("HTTP/1.1 403"), "{}", head(&refused));
    assert!(refused.contains("another site's page"), "{refused}");
    for fetch_site in ["same-origin", "none"] {
        let ok = exchange(server.addr, &get(fetch_site, ""));
        assert!(
            ok.starts_with("HTTP/1.1 200"),
            "{fetch_site}: {}",
            head(&ok)
        );
    }
    // The origin given to --cors may call it from its own site.
    let origin = "https://tools.example";
    let open = start(Config {
        cors: Some(origin.parse().unwrap()),
        ..config(true)
    });
    let allowed = exchange(
        open.addr,
        &get("cross-site", &format!("Origin: {origin}\r\n")),
    );
    assert!(allowed.starts_with("HTTP/1.1 200"), "{}", head(&allowed));
    let other = exchange(
        open.addr,
        &get("cross-site", "Origin: https://evil.example\r\n"),
    );
    assert!(other.starts_with("HTTP/1.1 403"), "{}", head(&other));
}

// hardening: server-estimate
#[test]
fn small_matchups_are_scheduled_as_small_and_an_over_limit_one_gets_its_400() {
    // Six matchups of one red die against the rebels' corps units, asked at once by one client:
    // each is a few small attacks, so none is heavy and none is turned away.
    let server = start(config(true));
    let small = post(
        "/api/v1/legion/matchups",
        "application/json",
        r#"{"attacker": "1 red", "faction": "rebels", "rank": "corps"}"#,
    );
    let asked: Vec<_> = (0..6)
        .map(|_| {
            let request = small.clone();
            let addr = server.addr;
            std::thread::spawn(move || exchange(addr, &request))
        })
        .collect();
    for answer in asked {
        let answer = answer.join().unwrap();
        assert!(answer.starts_with("HTTP/1.1 200"), "{}", head(&answer));
    }
    // Matchups over the work limit: refused at once with the limit's line, never as busy.
    let huge = post(
        "/api/v1/legion/matchups",
        "application/json",
        r#"{"attacker": "8 red, 8 black, 8 white, aim 3, Precise 3", "policy": "optimal"}"#,
    );
    let answer = exchange(server.addr, &huge);
    assert!(answer.starts_with("HTTP/1.1 400"), "{}", head(&answer));
}
