package io.commitbench.core.workload.script;

/**
 * The SQL text collected up to a command's end, as pgbench's psql lexer collects it.
 *
 * @param text the command without leading white space, {@code --} comments and its {@code ;}
 * @param sourceOffsets for each character of {@code text}, its offset in the script
 * @param hasContent whether {@code text} holds more than white space and comments: a command to run
 * @param end the offset where scanning goes on: after the {@code ;}, at the backslash, or the text's end
 * @param endedByBackslash whether a meta command (a backslash outside quotes) ended it
 */
record SqlChunk(String text, int[] sourceOffsets, boolean hasContent, int end, boolean endedByBackslash) {}
