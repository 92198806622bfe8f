// SPDX-License-Identifier: Apache-2.0 OR MIT

// `#[pin_data(PinnedDrop)]` and its `#[pinned_drop]` impl.
#[pin_data(PinnedDrop)]
struct Guarded<T> {
    #[pin]
    inner: T,
    log: Vec<u8>,
}

#[pinned_drop]
impl<T> PinnedDrop for Guarded<T> {
    fn drop(self: Pin<&mut Self>) {
        let this = self.project();
        this.log.push(1);
    }
}
