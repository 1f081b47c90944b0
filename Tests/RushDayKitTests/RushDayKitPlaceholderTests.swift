import RushDayKit
import Testing
