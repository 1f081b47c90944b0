/// Rush Day's client core (issue 14): the gRPC client over the generated stubs, the
/// offline cache of the user's events and the logic its screens bind to.
public enum RushDayKit {}
