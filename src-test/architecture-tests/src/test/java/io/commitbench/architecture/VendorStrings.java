package io.commitbench.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A condition on the string constants a class holds, read from its class file's constant pool
 * (ArchUnit models types, members and calls, not literals): none may name a database kind's JDBC
 * URL prefix or log files, or be a kind's name itself (what a map from kind to implementation, or
 * a branch on the kind, would be keyed by). Prose that mentions a product in passing ("a server
 * that checks its directory's owner (PostgreSQL)") is allowed: it is help text, not a branch.
 */
final class VendorStrings {

  /** Substrings that only a kind's own code has a reason to spell. */
  private static final Pattern VENDOR_SYNTAX = Pattern.compile(
      "jdbc:(postgresql|mariadb|mysql|oracle|h2)|pg_wal|ib_logfile|innodb_", Pattern.CASE_INSENSITIVE);
  /** A constant that is exactly a kind's name. */
  private static final Pattern KIND_NAME = Pattern.compile("postgresql|postgres|mariadb|mysql|oracle|h2");

  private VendorStrings() {}

  static ArchCondition<JavaClass> holdNoVendorStrings() {
    return new ArchCondition<>("hold no string constant with a database kind's name, JDBC URL prefix or log file") {
      @Override
      public void check(JavaClass javaClass, ConditionEvents events) {
        for (String constant : constants(javaClass)) {
          if (VENDOR_SYNTAX.matcher(constant).find() || KIND_NAME.matcher(constant.toLowerCase(Locale.ROOT)).matches()) {
            events.add(SimpleConditionEvent.violated(javaClass, javaClass.getName() + " holds the string constant \""
                + constant + "\""));
          }
        }
      }
    };
  }

  /** The CONSTANT_String entries of the class file's constant pool (JVMS 4.4). */
  static List<String> constants(JavaClass javaClass) {
    String resource = "/" + javaClass.getName().replace('.', '/') + ".class";
    try (InputStream in = javaClass.reflect().getResourceAsStream(resource)) {
      return in == null ? List.of() : read(new DataInputStream(in));
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + resource, e);
    }
  }

  private static List<String> read(DataInputStream in) throws IOException {
    in.readInt(); // magic
    in.readUnsignedShort(); // minor
    in.readUnsignedShort(); // major
    int count = in.readUnsignedShort();
    String[] utf8 = new String[count];
    List<Integer> stringRefs = new ArrayList<>();
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> utf8[i] = in.readUTF();
        case 8 -> stringRefs.add(in.readUnsignedShort());
        case 7, 16, 19, 20 -> in.readUnsignedShort(); // Class, MethodType, Module, Package
        case 15 -> { // MethodHandle
          in.readUnsignedByte();
          in.readUnsignedShort();
        }
        case 3, 4, 9, 10, 11, 12, 17, 18 -> in.readInt(); // Integer, Float, refs, NameAndType, Dynamic
        case 5, 6 -> { // Long, Double take two slots
          in.readLong();
          i++;
        }
        default -> throw new IOException("unknown constant pool tag " + tag + " at " + i);
      }
    }
    List<String> constants = new ArrayList<>();
    stringRefs.forEach(ref -> constants.add(utf8[ref]));
    return constants;
  }
}
