package io.commitbench.storage.plan;

/**
 * The agent will not do what was asked, and has changed nothing. The message names what is wrong
 * and what would be accepted, e.g. "target /mnt/x does not exist; give an existing directory".
 * The command line turns it into exit code 2. Not final: a subtype names a refusal callers tell
 * apart, such as a storage layout this host cannot build.
 */
public class RefusedException extends Exception {

  private static final long serialVersionUID = 1L;

  public RefusedException(String message) {
    super(message);
  }
}
