//! Independent pieces of work mapped over on every core with the `parallel` feature (the native
//! builds), one after another without it (the browser's build, which has one thread). Each piece
//! must own what it computes with: only plain data crosses threads.

/// `f` of each item, in the items' order.
#[cfg(feature = "parallel")]
pub(crate) fn map<T: Send, R: Send>(items: Vec<T>, f: impl Fn(T) -> R + Send + Sync) -> Vec<R> {
    use rayon::prelude::*;
    items.into_par_iter().map(f).collect()
}

/// `f` of each item, in the items' order.
#[cfg(not(feature = "parallel"))]
pub(crate) fn map<T: Send, R: Send>(items: Vec<T>, f: impl Fn(T) -> R + Send + Sync) -> Vec<R> {
    items.into_iter().map(f).collect()
}
