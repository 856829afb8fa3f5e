package dev.warren.ee.app;

import jakarta.ejb.Stateless;

/** An EJB that handlers call. */
@Stateless
public class Greeter {

  public String greet(String name) {
    return "hello " + name;
  }
}
