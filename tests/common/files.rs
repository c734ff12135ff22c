//! A plain static file server of a directory on loopback, for the static site's browser test and
//! its benchmark: GET only, each file with its media type by extension, every path asked logged.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A static file server of a directory, up until it is stopped.
pub struct FileServer {
    pub base: String,
    asked: Arc<Mutex<Vec<String>>>,
    stopped: Arc<AtomicBool>,
}

impl FileServer {
    /// Every file served with `Cache-Control: no-cache`.
    pub fn start(dir: PathBuf) -> FileServer {
        FileServer::serve(dir, false)
    }

    /// The headers docs/deploy.md gives a CDN: the page, `sw.js` and `site.json` with
    /// `no-cache`, every other file kept an hour (`public, max-age=3600`).
    #[allow(dead_code)]
    pub fn like_a_cdn(dir: PathBuf) -> FileServer {
        FileServer::serve(dir, true)
    }

    fn serve(dir: PathBuf, cdn: bool) -> FileServer {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}/", listener.local_addr().unwrap());
        let asked = Arc::new(Mutex::new(Vec::new()));
        let stopped = Arc::new(AtomicBool::new(false));
        let (log, stop) = (Arc::clone(&asked), Arc::clone(&stopped));
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let (dir, log) = (dir.clone(), Arc::clone(&log));
                std::thread::spawn(move || answer(stream, &dir, &log, cdn));
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

fn answer(stream: TcpStream, dir: &Path, log: &Mutex<Vec<String>>, cdn: bool) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    let mut reader = BufReader::new(&stream);
    let mut line = String::new();
    if reader.read_line(&mut line).is_err() || line.is_empty() {
        return;
    }
    // The rest of the headers, unread by a file server.
    let mut header = String::new();
    while reader.read_line(&mut header).is_ok_and(|n| n > 2) {
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
    let (status, media, body) = match (file.contains(".."), std::fs::read(&local)) {
        (false, Ok(bytes)) => ("200 OK", media_type(&local), bytes),
        _ => ("404 Not Found", "text/plain", b"not found".to_vec()),
    };
    let mut out = &stream;
    let page = ["/index.html", "/sw.js", "/site.json"].contains(&file.as_str());
    let cache = match cdn && !page {
        true => "public, max-age=3600",
        false => "no-cache",
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {media}\r\nContent-Length: {}\r\nCache-Control: \
         {cache}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = out
        .write_all(head.as_bytes())
        .and_then(|_| out.write_all(&body));
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
