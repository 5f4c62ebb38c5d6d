// Loaded into a platform process by a test (--import): on SIGUSR2, a promise is rejected with
// nothing awaiting it, as a library's fire-and-forget statement failing would.
process.on('SIGUSR2', () => {
  void Promise.reject(new Error('injected rejection that nothing awaits'));
});
