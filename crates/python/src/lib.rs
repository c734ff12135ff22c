//! holodice's engine for Python: `holodice._native`, the JSON API's answers computed in the
//! calling process. The package's Python modules (`python/holodice/`) build each request's JSON
//! and read the answer; nothing here knows an endpoint.

use pyo3::prelude::*;

/// The reply to a request for `path` under /api/v1/ (an endpoint with its JSON `body`, or a
/// listing with an empty one): `(status, media_type, body)`, what `holodice serve` would send.
/// The GIL is released while the engine computes, so other Python threads run meanwhile.
#[pyfunction]
fn answer(py: Python<'_>, path: &str, body: &str) -> (u16, &'static str, String) {
    let reply = py.detach(|| holodice::api::answer_builtin(path, body));
    (reply.status, reply.media_type, reply.body)
}

/// holodice's version, the root crate's (the package's own version is the same).
#[pyfunction]
fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(answer, m)?)?;
    m.add_function(wrap_pyfunction!(version, m)?)?;
    Ok(())
}
