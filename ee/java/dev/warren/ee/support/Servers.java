package dev.warren.ee.support;

/** Which server the build launched (Arquillian's {@code arquillian.launch}), and its HTTP port. */
public final class Servers {

  private Servers() {}

  /** The container qualifier in {@code arquillian.xml}, e.g. {@code wildfly-manual}. */
  public static String container() {
    String launch = System.getProperty("arquillian.launch");
    if (launch == null) {
      throw new IllegalStateException("no -Darquillian.launch: run the ee build");
    }
    return launch;
  }

  /** Whether the server is Open Liberty (else WildFly). */
  public static boolean liberty() {
    return container().startsWith("liberty");
  }

  /**
   * Removes what a stopped Liberty server still holds in {@code dropins} (an application deployed
   * when the server stopped would be started again by the next boot). WildFly starts from a clean
   * copy of its base directory every time ({@code setupCleanServerBaseDir}).
   */
  public static void forgetLibertyApps() {
    if (!liberty()) {
      return;
    }
    java.io.File dropins =
        new java.io.File(System.getProperty("liberty.home"), "usr/servers/warren/dropins");
    java.io.File[] apps = dropins.listFiles();
    if (apps != null) {
      for (java.io.File app : apps) {
        delete(app);
      }
    }
  }

  private static void delete(java.io.File file) {
    java.io.File[] children = file.listFiles();
    if (children != null) {
      for (java.io.File child : children) {
        delete(child);
      }
    }
    file.delete();
  }

  /** {@code http://127.0.0.1:<port>/}, the server's HTTP listener. */
  public static String httpBase() {
    int port =
        liberty()
            ? Integer.getInteger("ee.liberty.http-port", 9080)
            : 8080 + Integer.getInteger("ee.wildfly.port-offset", 0);
    return "http://127.0.0.1:" + port + "/";
  }
}
