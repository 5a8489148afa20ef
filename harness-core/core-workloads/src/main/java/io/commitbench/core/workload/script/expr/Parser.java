package io.commitbench.core.workload.script.expr;

import io.commitbench.core.workload.script.expr.Token.Type;
import java.util.ArrayList;
import java.util.List;

/**
 * A precedence-climbing parser that accepts what pgbench 15's bison grammar (exprparse.y) accepts and
 * builds the same trees: from lowest to highest, {@code OR}, {@code AND} (left), {@code NOT} (right),
 * {@code IS}/{@code ISNULL}/{@code NOTNULL} (postfix), the comparisons (non-associative), the bitwise
 * operators {@code | # & << >>} and prefix {@code ~} (left), {@code + -}, {@code * / %}, then unary
 * {@code +} and {@code -}. As in the grammar, {@code -x} is {@code 0 - x}, {@code ~x} is {@code -1 # x},
 * {@code a > b} is {@code b < a}, and a one-argument hash or two-argument permute reads
 * {@code :default_seed}. Errors carry pgbench's message and the offset of the token where bison would
 * stop. Subtrees that read no variable and draw nothing random are folded into constants.
 */
final class Parser {
  private static final int OR_LEVEL = 1;
  private static final int AND_LEVEL = 2;
  private static final int NOT_LEVEL = 3;
  private static final int IS_LEVEL = 4;
  private static final int COMPARISON_LEVEL = 5;
  private static final int BITWISE_LEVEL = 6;
  private static final int ADDITIVE_LEVEL = 7;
  private static final int MULTIPLICATIVE_LEVEL = 8;
  private static final int UNARY_LEVEL = 10;
  private static final String DEFAULT_SEED = "default_seed";

  private final Lexer lexer;

  private Parser(String text) {
    this.lexer = new Lexer(text);
  }

  static Node parse(String text) throws ExpressionSyntaxException {
    Parser parser = new Parser(text);
    Node root = parser.expression(OR_LEVEL);
    Token rest = parser.lexer.peek();
    if (rest.type != Type.EOF) {
      throw syntaxError(rest);
    }
    return root;
  }

  private Node expression(int minimumLevel) throws ExpressionSyntaxException {
    Node left = prefix();
    while (true) {
      Token operator = lexer.peek();
      int level = level(operator.type);
      if (level < minimumLevel) {
        return left;
      }
      lexer.next();
      if (level == IS_LEVEL) {
        left = postfix(operator, left);
        continue;
      }
      Node right = expression(level + 1);
      left = binary(operator.type, left, right);
      if (level == COMPARISON_LEVEL && level(lexer.peek().type) == COMPARISON_LEVEL) {
        throw syntaxError(lexer.peek());
      }
    }
  }

  /** The binding level of a token that follows an operand; 0 when it ends the operand. */
  private static int level(Type type) {
    switch (type) {
      case OR:
        return OR_LEVEL;
      case AND:
        return AND_LEVEL;
      case IS:
      case ISNULL:
      case NOTNULL:
        return IS_LEVEL;
      case EQ:
      case NE:
      case LT:
      case LE:
      case GT:
      case GE:
        return COMPARISON_LEVEL;
      case BITOR:
      case HASH:
      case BITAND:
      case LSHIFT:
      case RSHIFT:
        return BITWISE_LEVEL;
      case PLUS:
      case MINUS:
        return ADDITIVE_LEVEL;
      case STAR:
      case SLASH:
      case PERCENT:
        return MULTIPLICATIVE_LEVEL;
      default:
        return 0;
    }
  }

  private Node binary(Type operator, Node left, Node right) throws ExpressionSyntaxException {
    switch (operator) {
      case OR:
        return fold(new Nodes.Or(left, right), left, right);
      case AND:
        return fold(new Nodes.And(left, right), left, right);
      case EQ:
        return call(Builtin.EQ, left, right);
      case NE:
        return call(Builtin.NE, left, right);
      case LT:
        return call(Builtin.LT, left, right);
      case LE:
        return call(Builtin.LE, left, right);
      case GT:
        return call(Builtin.LT, right, left);
      case GE:
        return call(Builtin.LE, right, left);
      case BITOR:
        return call(Builtin.BITOR, left, right);
      case HASH:
        return call(Builtin.BITXOR, left, right);
      case BITAND:
        return call(Builtin.BITAND, left, right);
      case LSHIFT:
        return call(Builtin.LSHIFT, left, right);
      case RSHIFT:
        return call(Builtin.RSHIFT, left, right);
      case PLUS:
        return call(Builtin.ADD, left, right);
      case MINUS:
        return call(Builtin.SUB, left, right);
      case STAR:
        return call(Builtin.MUL, left, right);
      case SLASH:
        return call(Builtin.DIV, left, right);
      default:
        return call(Builtin.MOD, left, right);
    }
  }

  /** {@code ISNULL}, {@code NOTNULL}, {@code IS [NOT] NULL|TRUE|FALSE}. */
  private Node postfix(Token operator, Node operand) throws ExpressionSyntaxException {
    if (operator.type == Type.ISNULL) {
      return call(Builtin.IS, operand, constant(Value.nullValue()));
    }
    if (operator.type == Type.NOTNULL) {
      return call(Builtin.NOT, call(Builtin.IS, operand, constant(Value.nullValue())));
    }
    boolean negated = false;
    Token what = lexer.next();
    if (what.type == Type.NOT) {
      negated = true;
      what = lexer.next();
    }
    Value tested;
    switch (what.type) {
      case NULL:
        tested = Value.nullValue();
        break;
      case TRUE:
        tested = Value.ofBoolean(true);
        break;
      case FALSE:
        tested = Value.ofBoolean(false);
        break;
      default:
        throw syntaxError(what);
    }
    Node test = call(Builtin.IS, operand, constant(tested));
    return negated ? call(Builtin.NOT, test) : test;
  }

  private Node prefix() throws ExpressionSyntaxException {
    Token token = lexer.next();
    switch (token.type) {
      case PLUS:
        return expression(UNARY_LEVEL);
      case MINUS:
        if (lexer.peek().type == Type.MAXINT_PLUS_ONE) {
          lexer.next();
          return constant(Value.ofInt(Long.MIN_VALUE));
        }
        return call(Builtin.SUB, constant(Value.ofInt(0)), expression(UNARY_LEVEL));
      case TILDE:
        return call(Builtin.BITXOR, constant(Value.ofInt(-1)), expression(BITWISE_LEVEL + 1));
      case NOT:
        return call(Builtin.NOT, expression(NOT_LEVEL));
      case LPAREN: {
        Node inner = expression(OR_LEVEL);
        expect(Type.RPAREN);
        return inner;
      }
      case NULL:
        return constant(Value.nullValue());
      case TRUE:
        return constant(Value.ofBoolean(true));
      case FALSE:
        return constant(Value.ofBoolean(false));
      case INTEGER:
        return constant(Value.ofInt(token.intValue));
      case DOUBLE:
        return constant(Value.ofDouble(token.doubleValue));
      case VARIABLE:
        return new Nodes.Variable(token.text);
      case FUNCTION:
        return function(token);
      case CASE:
        return caseExpression();
      default:
        throw syntaxError(token);
    }
  }

  /** {@code name ( [expr [, expr]...] )}; bison's list rule also takes one leading comma. */
  private Node function(Token name) throws ExpressionSyntaxException {
    Builtin function = Builtin.byName(name.text);
    if (function == null) {
      throw new ExpressionSyntaxException("unexpected function name (" + name.text + "); known functions: "
          + Builtin.names(), name.errorOffset());
    }
    expect(Type.LPAREN);
    List<Node> arguments = new ArrayList<>();
    if (lexer.peek().type != Type.RPAREN) {
      if (lexer.peek().type == Type.COMMA) {
        lexer.next();
      }
      arguments.add(expression(OR_LEVEL));
      while (lexer.peek().type == Type.COMMA) {
        lexer.next();
        arguments.add(expression(OR_LEVEL));
      }
    }
    Token close = expect(Type.RPAREN);
    checkArity(function, name.text, arguments.size(), close);
    if (function.arity == Builtin.Arity.OPTIONAL_SEED && arguments.size() == function.arguments - 1) {
      arguments.add(new Nodes.Variable(DEFAULT_SEED));
    }
    return call(function, arguments.toArray(new Node[0]));
  }

  private static void checkArity(Builtin function, String name, int count, Token close)
      throws ExpressionSyntaxException {
    switch (function.arity) {
      case AT_LEAST_ONE:
        if (count == 0) {
          throw new ExpressionSyntaxException("at least one argument expected (" + name + ")", close.errorOffset());
        }
        return;
      case OPTIONAL_SEED:
        if (count == function.arguments || count == function.arguments - 1) {
          return;
        }
        break;
      default:
        if (count == function.arguments) {
          return;
        }
    }
    throw new ExpressionSyntaxException("unexpected number of arguments (" + name + "): it takes "
        + function.expected() + ", got " + count, close.errorOffset());
  }

  private Node caseExpression() throws ExpressionSyntaxException {
    List<Node> conditions = new ArrayList<>();
    List<Node> results = new ArrayList<>();
    Token when = lexer.next();
    if (when.type != Type.WHEN) {
      throw syntaxError(when);
    }
    do {
      conditions.add(expression(OR_LEVEL));
      expect(Type.THEN);
      results.add(expression(OR_LEVEL));
      when = lexer.next();
    } while (when.type == Type.WHEN);
    Node otherwise = constant(Value.nullValue());
    if (when.type == Type.ELSE) {
      otherwise = expression(OR_LEVEL);
      when = lexer.next();
    }
    if (when.type != Type.END) {
      throw syntaxError(when);
    }
    List<Node> all = new ArrayList<>(conditions);
    all.addAll(results);
    all.add(otherwise);
    Node node = new Nodes.Case(conditions.toArray(new Node[0]), results.toArray(new Node[0]), otherwise);
    return fold(node, all.toArray(new Node[0]));
  }

  private Token expect(Type type) throws ExpressionSyntaxException {
    Token token = lexer.next();
    if (token.type != type) {
      throw syntaxError(token);
    }
    return token;
  }

  private static ExpressionSyntaxException syntaxError(Token token) {
    return new ExpressionSyntaxException("syntax error at " + token.describe(), token.errorOffset());
  }

  private static Node constant(Value value) {
    return new Nodes.Constant(value);
  }

  private static Node call(Builtin function, Node... arguments) {
    Node node = new Nodes.Call(function, arguments);
    return function.isPure() ? fold(node, arguments) : node;
  }

  /**
   * The node as a constant when its inputs are constants and it evaluates without error; an error
   * stays for evaluation time, where pgbench reports it.
   */
  private static Node fold(Node node, Node... inputs) {
    for (Node input : inputs) {
      if (input.constant() == null) {
        return node;
      }
    }
    try {
      return constant(node.evaluate(ConstantContext.INSTANCE));
    } catch (EvaluationException | RuntimeException notFoldable) {
      return node;
    }
  }

  /** The context of folding: constant subtrees read no variable and draw nothing random. */
  private static final class ConstantContext implements EvaluationContext {
    static final ConstantContext INSTANCE = new ConstantContext();

    @Override
    public Value variable(String name) {
      throw new IllegalStateException("a constant reads no variable");
    }

    @Override
    public ScriptRandom random() {
      throw new IllegalStateException("a constant draws nothing random");
    }

    @Override
    public void debug(String line) {
      throw new IllegalStateException("a constant writes no debug line");
    }
  }
}
