-- A shop's checkout, in pgbench's script language: pick a product (a few are far more popular
-- than the rest), read its stock and price, and buy when enough is left, or browse its
-- neighbours when not; then think for a millisecond. SQL that runs unchanged on PostgreSQL,
-- MariaDB and H2. Run by config/script-checkout.properties; see docs/workloads/script.md.
\set product_id random_zipfian(1, 1000, 1.1)
\set quantity random(1, 3)
SELECT stock, price_cents FROM checkout_products WHERE product_id = :product_id \gset
\if :stock >= :quantity
-- Order ids: the actor's own counter (script.vars next_order=0), times 10,000 actors at most.
\set next_order :next_order + 1
\set order_id :next_order * 10000 + :client_id
\set total :price_cents * :quantity
BEGIN;
UPDATE checkout_products SET stock = stock - :quantity WHERE product_id = :product_id AND stock >= :quantity;
INSERT INTO checkout_orders (order_id, client_id, total_cents, created)
    VALUES (:order_id, :client_id, :total, CURRENT_TIMESTAMP);
INSERT INTO checkout_order_lines (order_id, line_no, product_id, quantity)
    VALUES (:order_id, 1, :product_id, :quantity);
COMMIT;
\else
SELECT product_id, name, price_cents FROM checkout_products
    WHERE product_id BETWEEN :product_id AND :product_id + 9 ORDER BY product_id;
\endif
\sleep 1 ms
