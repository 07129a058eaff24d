import { describeValue, expect as rule, MountPropError, nullable, optional, propValidator } from './validate-props';

describe('propValidator', () => {
  const validate = propValidator('like-button', [
    rule.nonEmptyString('documentOid'),
    rule.function('onLoggedOutLike'),
    optional(rule.oneOf('size', ['small', 'large'])),
    nullable(rule.object('initialState', { likesCount: optional(rule.finiteNumber('likesCount')) })),
    { ...rule.boolean('open'), applies: (props) => props.modal === 'dialog' },
  ]);
  const good = { documentOid: 'qv7n', onLoggedOutLike: () => {} };

  it('accepts props that keep every rule', () => {
    expect(() => validate(good)).not.toThrow();
    expect(() => validate({ ...good, size: 'large', initialState: null })).not.toThrow();
    expect(() => validate({ ...good, initialState: { likesCount: 3 } })).not.toThrow();
  });

  it('throws a MountPropError naming the remote, the prop, what was expected and what it got', () => {
    let caught: unknown;
    try {
      validate({ onLoggedOutLike: () => {} });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(MountPropError);
    expect(caught).toBeInstanceOf(Error);
    expect(caught).toMatchObject({
      name: 'MountPropError',
      remote: 'like-button',
      prop: 'documentOid',
      expected: 'a non-empty string',
      message: 'like-button: documentOid must be a non-empty string (got undefined)',
    });
  });

  it.each([
    [{ ...good, documentOid: '  ' }, 'like-button: documentOid must be a non-empty string (got the string "  ")'],
    [{ ...good, onLoggedOutLike: 'signIn' }, 'like-button: onLoggedOutLike must be a function (got the string "signIn")'],
    [{ ...good, size: 'huge' }, "like-button: size must be 'small' or 'large' or left out (got the string \"huge\")"],
    [{ ...good, initialState: { likesCount: '3' } }, 'like-button: initialState must be an object { likesCount: a finite number or left out }, null or left out (got an object)'],
    [{ ...good, modal: 'dialog' }, 'like-button: open must be true or false (got undefined)'],
    ['qv7n', 'like-button: props must be an object of props (got the string "qv7n")'],
  ])('refuses %j', (props, message) => {
    expect(() => validate(props)).toThrow(message);
  });

  it('puts the spec\'s own message first where it has one', () => {
    expect(new MountPropError('share-dialog', 'modal', "'share' or 'socialShare'", 'x', 'Modal does not exist!').message).toBe(
      "Modal does not exist! share-dialog: modal must be 'share' or 'socialShare' (got the string \"x\")",
    );
  });

  it('describes values briefly', () => {
    expect([undefined, null, '', 3, true, () => {}, [], {}].map(describeValue)).toEqual([
      'undefined',
      'null',
      'an empty string',
      'number 3',
      'boolean true',
      'a function',
      'an array',
      'an object',
    ]);
  });
});
