//! The static site's files pre-compressed: `NAME.br` (brotli, best) and `NAME.gz` (gzip, best)
//! beside each file a browser gets compressed, so that a file server that serves them
//! (`cargo xtask serve`, nginx's `gzip_static`/`brotli_static`, Caddy's `precompressed`) sends a
//! slow link a third of the bytes without compressing on every request.

use std::io::Write;
use std::path::Path;

/// The extensions worth compressing: text and WebAssembly (images are compressed already).
const COMPRESSIBLE: &[&str] = &["html", "js", "css", "json", "wasm", "svg", "webmanifest"];

/// Writes `NAME.br` and `NAME.gz` beside each compressible file of `files` (paths under `dir`);
/// the bytes they hold in all, brotli and gzip.
pub fn precompress(dir: &Path, files: &[String]) -> Result<(usize, usize), String> {
    let (mut br, mut gz) = (0, 0);
    for name in files.iter().filter(|f| compressible(f)) {
        let path = dir.join(name);
        let bytes = std::fs::read(&path).map_err(|e| format!("cannot read {name}: {e}"))?;
        let brotli = brotli_of(&bytes).map_err(|e| format!("cannot compress {name}: {e}"))?;
        let gzip = gzip_of(&bytes).map_err(|e| format!("cannot compress {name}: {e}"))?;
        for (suffix, data) in [("br", &brotli), ("gz", &gzip)] {
            let to = dir.join(format!("{name}.{suffix}"));
            std::fs::write(&to, data).map_err(|e| format!("cannot write {}: {e}", to.display()))?;
        }
        br += brotli.len();
        gz += gzip.len();
    }
    Ok((br, gz))
}

fn compressible(name: &str) -> bool {
    Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| COMPRESSIBLE.contains(&e))
}

fn brotli_of(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        lgwin: 24,
        ..Default::default()
    };
    let mut out = Vec::new();
    brotli::BrotliCompress(&mut &bytes[..], &mut out, &params)?;
    Ok(out)
}

fn gzip_of(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes)?;
    encoder.finish()
}
