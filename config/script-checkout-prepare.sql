-- The tables of the checkout example (config/script-checkout.properties), in SQL that runs
-- unchanged on PostgreSQL, MariaDB and H2. The run creates the tables listed in
-- script.prepare.tables from their CREATE statements, fills them with the rest, and drops them
-- at its end.

CREATE TABLE checkout_products (
  product_id INTEGER NOT NULL PRIMARY KEY,
  name VARCHAR(40) NOT NULL,
  price_cents INTEGER NOT NULL,
  stock INTEGER NOT NULL
);

CREATE TABLE checkout_orders (
  order_id BIGINT NOT NULL PRIMARY KEY,
  client_id INTEGER NOT NULL,
  total_cents INTEGER NOT NULL,
  created TIMESTAMP NOT NULL
);

CREATE TABLE checkout_order_lines (
  order_id BIGINT NOT NULL,
  line_no INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  quantity INTEGER NOT NULL,
  PRIMARY KEY (order_id, line_no)
);

CREATE INDEX checkout_lines_product ON checkout_order_lines (product_id);

-- Ten digits, crossed three times: products 1..1000, with prices and stock that vary.
CREATE TABLE checkout_digits (d INTEGER NOT NULL);

INSERT INTO checkout_digits (d) VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9);

INSERT INTO checkout_products (product_id, name, price_cents, stock)
SELECT a.d + 10 * b.d + 100 * c.d + 1,
       CONCAT('product ', a.d + 10 * b.d + 100 * c.d + 1),
       100 + MOD((a.d + 10 * b.d + 100 * c.d) * 37, 9900),
       20 + MOD((a.d + 10 * b.d + 100 * c.d) * 7, 80)
FROM checkout_digits a, checkout_digits b, checkout_digits c;
