describe('rootReducer', () => {
  it('is one per page, even when a remote build evaluates its own copy of the module', () => {
    let first: unknown;
    let second: unknown;
    jest.isolateModules(() => {
      first = require('./root-reducer').rootReducer;
    });
    jest.isolateModules(() => {
      second = require('./root-reducer').rootReducer;
    });
    expect(typeof first).toBe('function');
    expect(second).toBe(first);
  });
});
