//! A plain static file server of a directory on loopback, for the static site's browser test and
//! its benchmark: GET only, each file with its media type by extension, every path asked logged;
//! the `.br` or `.gz` file `cargo xtask site` writes beside a file is sent instead when the
//! browser accepts it, and a slow link can be imitated (`Link`).

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A network link imitated by the server: each answer waits `latency` before its first byte, and
/// all answers share `bytes_per_second`.
#[derive(Clone, Copy)]
pub struct Link {
    pub latency: Duration,
    pub bytes_per_second: u64,
}

impl Link {
    /// Chrome DevTools' "Slow 4G" (Lighthouse's mobile profile as DevTools applies it): 562.5 ms
    /// of latency, 1.44 Mbit/s down.
    #[allow(dead_code)]
    pub const SLOW_4G: Link = Link {
        latency: Duration::from_micros(562_500),
        bytes_per_second: 180_000,
    };
}

/// How the server answers.
#[derive(Clone, Copy, Default)]
pub struct Serving {
    /// The headers docs/deploy.md gives a CDN: the page, `sw.js` and `site.json` with
    /// `no-cache`, every other file kept an hour; otherwise every file `no-cache`.
    pub cdn: bool,
    /// Sends the `.br` or `.gz` beside a file when the browser accepts it.
    pub compressed: bool,
    /// The link imitated; none: loopback as it is.
    pub link: Option<Link>,
    /// A path (its end) answered only after a while, as a large file on a slow link would be.
    pub late: Option<(&'static str, Duration)>,
}

/// When the shared link is next free: a chunk takes its time on it after the ones before.
struct Wire {
    link: Link,
    free_at: Mutex<Instant>,
}

impl Wire {
    fn send(&self, out: &mut &TcpStream, bytes: &[u8]) -> std::io::Result<()> {
        for chunk in bytes.chunks(4096) {
            let takes =
                Duration::from_secs_f64(chunk.len() as f64 / self.link.bytes_per_second as f64);
            let done = {
                let mut free = self.free_at.lock().unwrap();
                *free = (*free).max(Instant::now()) + takes;
                *free
            };
            std::thread::sleep(done.saturating_duration_since(Instant::now()));
            out.write_all(chunk)?;
        }
        Ok(())
    }
}

/// A static file server of a directory, up until it is stopped.
pub struct FileServer {
    pub base: String,
    asked: Arc<Mutex<Vec<String>>>,
    stopped: Arc<AtomicBool>,
}

impl FileServer {
    /// Every file served with `Cache-Control: no-cache`, as it is.
    pub fn start(dir: PathBuf) -> FileServer {
        FileServer::serve(dir, Serving::default())
    }

    /// The headers docs/deploy.md gives a CDN: the page, `sw.js` and `site.json` with
    /// `no-cache`, every other file kept an hour (`public, max-age=3600`).
    #[allow(dead_code)]
    pub fn like_a_cdn(dir: PathBuf) -> FileServer {
        let serving = Serving {
            cdn: true,
            ..Serving::default()
        };
        FileServer::serve(dir, serving)
    }

    pub fn serve(dir: PathBuf, serving: Serving) -> FileServer {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}/", listener.local_addr().unwrap());
        let asked = Arc::new(Mutex::new(Vec::new()));
        let stopped = Arc::new(AtomicBool::new(false));
        let (log, stop) = (Arc::clone(&asked), Arc::clone(&stopped));
        let wire = serving.link.map(|link| {
            Arc::new(Wire {
                link,
                free_at: Mutex::new(Instant::now()),
            })
        });
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let (dir, log, wire) = (dir.clone(), Arc::clone(&log), wire.clone());
                std::thread::spawn(move || answer(stream, &dir, &log, serving, wire.as_deref()));
            }
        });
        FileServer {
            base,
            asked,
            stopped,
        }
    }

    /// The paths asked for so far.
    pub fn asked(&self) -> Vec<String> {
        self.asked.lock().unwrap().clone()
    }

    /// Stops listening: every later connection is refused.
    pub fn stop(&self) {
        self.stopped.store(true, Ordering::SeqCst);
        let addr = self
            .base
            .trim_start_matches("http://")
            .trim_end_matches('/');
        let _ = TcpStream::connect(addr);
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn answer(
    stream: TcpStream,
    dir: &Path,
    log: &Mutex<Vec<String>>,
    serving: Serving,
    wire: Option<&Wire>,
) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    let mut reader = BufReader::new(&stream);
    let mut line = String::new();
    if reader.read_line(&mut line).is_err() || line.is_empty() {
        return;
    }
    // The rest of the headers: only the encodings the browser accepts matter here.
    let mut header = String::new();
    let mut accepted = String::new();
    while reader.read_line(&mut header).is_ok_and(|n| n > 2) {
        let lower = header.to_ascii_lowercase();
        if let Some(value) = lower.strip_prefix("accept-encoding:") {
            accepted = value.to_string();
        }
        header.clear();
    }
    let path = line.split_whitespace().nth(1).unwrap_or("/").to_string();
    log.lock().unwrap().push(path.clone());
    let file = path.split('?').next().unwrap_or("/");
    let file = if file.ends_with('/') {
        format!("{file}index.html")
    } else {
        file.to_string()
    };
    let local = dir.join(file.trim_start_matches('/'));
    if let Some((late, after)) = serving.late {
        if file.ends_with(late) {
            std::thread::sleep(after);
        }
    }
    let (encoding, local) = encoded(&local, &accepted, serving.compressed);
    let (status, media, body) = match (file.contains(".."), std::fs::read(&local)) {
        (false, Ok(bytes)) => ("200 OK", media_type(Path::new(&file)), bytes),
        _ => ("404 Not Found", "text/plain", b"not found".to_vec()),
    };
    let mut out = &stream;
    let page = ["/index.html", "/sw.js", "/site.json"].contains(&file.as_str());
    let cache = match serving.cdn && !page {
        true => "public, max-age=3600",
        false => "no-cache",
    };
    let encoding = encoding.map_or(String::new(), |e| format!("Content-Encoding: {e}\r\n"));
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {media}\r\nContent-Length: {}\r\nCache-Control: \
         {cache}\r\n{encoding}Vary: Accept-Encoding\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = match wire {
        Some(wire) => {
            std::thread::sleep(wire.link.latency);
            wire.send(&mut out, head.as_bytes())
                .and_then(|()| wire.send(&mut out, &body))
        }
        None => out
            .write_all(head.as_bytes())
            .and_then(|_| out.write_all(&body)),
    };
}

/// The file to send for `local` and its encoding: its `.br` or `.gz` when there is one and the
/// browser accepts it.
fn encoded(local: &Path, accepted: &str, compressed: bool) -> (Option<&'static str>, PathBuf) {
    let accepts = |e: &str| {
        accepted
            .split(',')
            .any(|a| a.split(';').next().unwrap_or("").trim() == e)
    };
    for (encoding, suffix) in [("br", "br"), ("gzip", "gz")] {
        let file = PathBuf::from(format!("{}.{suffix}", local.display()));
        if compressed && accepts(encoding) && file.is_file() {
            return (Some(encoding), file);
        }
    }
    (None, local.to_path_buf())
}

fn media_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript",
        "css" => "text/css",
        "wasm" => "application/wasm",
        "json" => "application/json",
        "webmanifest" => "application/manifest+json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        _ => "application/octet-stream",
    }
}
