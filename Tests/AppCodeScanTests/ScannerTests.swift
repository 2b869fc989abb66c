// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import AppCodeScan

/// Small fixture apps written here, one per way of putting an icon in a bar.
struct ScannerTests {
  /// The uses as "name role selected line" strings, for readable comparisons.
  func summary(_ code: AppCode) -> [String] {
    code.uses.map { use in
      "\(use.image) \(use.role.rawValue)\(use.selectedImage.map { " selected=\($0)" } ?? "") \(use.location)"
    }
  }

  @Test func uikitSwiftTabBarAndBarButtons() {
    let code = AppCode.scan(files: ["App/Main.swift": """
      final class Main: UITabBarController {
        override func viewDidLoad() {
          // UITabBarItem(title: "x", image: UIImage(named: "commented"), tag: 0)
          home.tabBarItem = UITabBarItem(title: "Home", image: UIImage(named: "tab_home"),
                                         selectedImage: UIImage(named: "home_active"))
          feed.tabBarItem = UITabBarItem(title: "Feed", image: #imageLiteral(resourceName: "tab_feed"), tag: 1)
          me.tabBarItem.image = UIImage(resource: .tabMe)
          me.tabBarItem.selectedImage = UIImage(resource: .tabMeFilled)
          navigationItem.rightBarButtonItem = UIBarButtonItem(image: UIImage(named: "compose"), style: .plain, target: nil, action: nil)
          let share = UIBarButtonItem(image: Asset.Toolbar.shareArrow.image, style: .plain, target: nil, action: nil)
          let sym = UIBarButtonItem(image: UIImage(systemName: "gear"), style: .plain, target: nil, action: nil)
          toolbarItems = [
            share,
            sym,
          ]
          header.image = UIImage(named: "tab_home")
        }
      }
      """])
    #expect(summary(code) == [
      "tab_home tabBar selected=home_active App/Main.swift:4",
      "tab_feed tabBar App/Main.swift:6",
      ".tabMe tabBar selected=.tabMeFilled App/Main.swift:7",
      "compose navigationBar App/Main.swift:9",
      ".Toolbar.shareArrow toolbar App/Main.swift:10",
      "systemName: gear toolbar App/Main.swift:11",
    ])
  }

  @Test func objectiveCMessages() {
    let code = AppCode.scan(files: ["App/List.m": """
      - (void)viewDidLoad {
          self.tabBarItem = [[UITabBarItem alloc] initWithTitle:@"Notes"
                                                          image:[UIImage imageNamed:@"tab_notes"]
                                                  selectedImage:[UIImage imageNamed:@"notes_on"]];
          UIImage *menu = [UIImage imageNamed:@"icon_menu"];
          self.menuButton = [[UIBarButtonItem alloc] initWithImage:menu style:UIBarButtonItemStylePlain target:self action:nil];
          self.navigationItem.leftBarButtonItem = self.menuButton;
          self.trash = [[UIBarButtonItem alloc] initWithImage:[UIImage imageWithName:UIImageNameTrash] style:0 target:nil action:nil];
          [self setToolbarItems:@[self.trash] animated:NO];
      }
      """, "App/UIImageName.swift": """
      enum UIImageName: Int {
        case trash
        var name: String {
          switch self {
          case .trash: return "icon_trash"
          }
        }
      }
      """])
    #expect(summary(code) == [
      "tab_notes tabBar selected=notes_on App/List.m:3",
      "icon_menu navigationBar App/List.m:5",
      "icon_trash toolbar App/List.m:8",
    ])
  }

  @Test func storyboardItems() {
    let code = AppCode.scan(files: ["App/Base.lproj/Main.storyboard": """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB">
        <scenes>
          <scene sceneID="a1">
            <objects>
              <viewController id="v1" customClass="RoomsViewController">
                <tabBarItem key="tabBarItem" title="Rooms" image="tab_rooms" selectedImage="rooms_pressed" id="t1"/>
                <!-- <tabBarItem image="commented_out"/> -->
                <navigationItem key="navigationItem" id="n1">
                  <barButtonItem key="rightBarButtonItem" image="search_icon" id="b1"/>
                </navigationItem>
              </viewController>
            </objects>
          </scene>
          <scene sceneID="a2">
            <objects>
              <viewController id="v2">
                <toolbarItems>
                  <barButtonItem image="bookmarks" id="b2"/>
                </toolbarItems>
                <toolbar key="toolbar" id="tb">
                  <items>
                    <barButtonItem image="fire" id="b3"/>
                  </items>
                </toolbar>
                <tabBarItem key="tabBarItem" systemItem="favorites" id="t2"/>
              </viewController>
            </objects>
          </scene>
        </scenes>
      </document>
      """])
    #expect(summary(code) == [
      "tab_rooms tabBar selected=rooms_pressed App/Base.lproj/Main.storyboard:7",
      "search_icon navigationBar App/Base.lproj/Main.storyboard:10",
      "bookmarks toolbar App/Base.lproj/Main.storyboard:19",
      "fire toolbar App/Base.lproj/Main.storyboard:23",
      "systemName: favorites tabBar App/Base.lproj/Main.storyboard:26",
    ])
    #expect(code.uses[0].bar == "App/Base.lproj/Main.storyboard tab bar")
    #expect(code.uses[1].bar == "App/Base.lproj/Main.storyboard RoomsViewController navigation bar")
  }

  @Test func swiftUIBars() {
    let code = AppCode.scan(files: ["App/RootView.swift": """
      struct RootView: View {
        var body: some View {
          TabView {
            HomeView().tabItem { Label("Home", image: "tab_home") }
            FeedView().tabItem {
              Image("tab_feed")
              Text("Feed")
            }
            Tab("Me", image: "tab_me") { MeView() }
            Tab("Gear", systemImage: "gear") { GearView() }
            WalletView().tabItem { WalletTab.assets.label }
          }
          .toolbar {
            ToolbarItem(placement: .bottomBar) { Button { } label: { Image(.archiveBox) } }
            ToolbarItemGroup(placement: .topBarTrailing) { Image("filter") }
            Image(systemName: "plus")
          }
          Image("banner_art")
        }
      }
      enum WalletTab {
        case assets
        @ViewBuilder var label: some View {
          Label("Assets", braveSystemImage: "leo.coins")
        }
      }
      """])
    #expect(summary(code) == [
      "tab_home tabBar App/RootView.swift:4",
      "tab_feed tabBar App/RootView.swift:6",
      "tab_me tabBar App/RootView.swift:9",
      "systemName: gear tabBar App/RootView.swift:10",
      "leo.coins tabBar App/RootView.swift:11",
      ".archiveBox toolbar App/RootView.swift:14",
      "filter navigationBar App/RootView.swift:15",
      "systemName: plus navigationBar App/RootView.swift:16",
    ].sorted { a, b in a.split(separator: ":").last.map { Int($0)! }! < b.split(separator: ":").last.map { Int($0)! }! })
  }

  @Test func accessorWithStateFlag() {
    let code = AppCode.scan(files: ["App/Status.swift": """
      extension UIImage {
        static func preMealImage(selected: Bool) -> UIImage? {
          return UIImage(named: selected ? "Pre-Meal Selected" : "Pre-Meal")
        }
      }
      final class Status: UITableViewController {
        func makeItems() {
          let preMeal = UIBarButtonItem(image: UIImage.preMealImage(selected: on), style: .plain, target: nil, action: nil)
          setToolbarItems([preMeal], animated: false)
        }
      }
      """])
    #expect(code.uses.count == 1)
    #expect(code.uses.first?.image == .named("Pre-Meal"))
    #expect(code.uses.first?.selectedImage == .named("Pre-Meal Selected"))
    #expect(code.uses.first?.role == .toolbar)
  }

  @Test func malformedTextEndsQuietly() {
    let code = AppCode.scan(files: [
      "A.swift": "UITabBarItem(title: \"x\", image: UIImage(named: \"open",
      "B.m": "[[UIBarButtonItem alloc] initWithImage:",
      "C.storyboard": "<tabBarItem image=\"t",
      "D.swift": String(repeating: "(", count: 20_000),
    ])
    #expect(code.uses.isEmpty)
  }

  /// A SwiftUI view named as a toolbar draws images a view model's function returns (mastodon's
  /// compose toolbar): the function, the properties it calls and their switch cases are followed;
  /// the active images pair with the inactive ones case by case.
  @Test func imagesReturnedToAViewNamedAsABar() {
    let code = AppCode.scan(files: [
      "UI/ComposeToolbarView.swift": """
        struct ComposeToolbarView: View {
          @ObservedObject var viewModel: ViewModel
          var body: some View {
            HStack {
              ForEach(ViewModel.Action.allCases, id: \\.self) { action in
                Button { } label: { label(for: action) }
              }
            }
          }
        }
        extension ComposeToolbarView {
          func label(for action: ViewModel.Action) -> some View {
            Image(uiImage: viewModel.image(for: action)).frame(width: 24, height: 24)
          }
        }
        """,
      "UI/ComposeToolbarView+ViewModel.swift": """
        extension ComposeToolbarView.ViewModel {
          enum Action: CaseIterable {
            case attachment, poll
            var activeImage: UIImage {
              switch self {
              case .attachment: return Asset.Compose.media.image
              case .poll: return Asset.Compose.pollFill.image
              }
            }
            var inactiveImage: UIImage {
              switch self {
              case .attachment: return Asset.Compose.media.image
              case .poll: return Asset.Compose.poll.image
              }
            }
          }
          func image(for action: Action) -> UIImage {
            switch action {
            case .poll: return isPollActive ? action.activeImage : action.inactiveImage
            default: return action.inactiveImage
            }
          }
        }
        """,
      // Not bars: a cell of a tab strip, an extension of a system bar, and a member of the same
      // name in another type; a UIKit view named as a bar: its button's image.
      "UI/TabBarCell.swift": """
        final class TabBarCell: UICollectionViewCell {
          let close = UIImageView(image: UIImage(named: "tab_close"))
        }
        extension UINavigationBar {
          func plain() { setBackgroundImage(UIImage(named: "nav_background"), for: .default) }
        }
        struct Other { var inactiveImage: UIImage { Asset.Other.badge.image } }
        final class TopToolbarView: UIView {
          lazy var shields = UIButton().then { $0.setImage(UIImage(named: "brand_logo"), for: .normal) }
        }
        """,
      // A SwiftUI view named as a bar: the images it draws.
      "UI/ModalNavigationBar.swift": """
        struct ModalNavigationBar: View {
          var body: some View {
            HStack { Button { } label: { Image(uiImage: Asset.Images.modalClose.image) } }
          }
        }
        """,
    ])
    #expect(summary(code) == [
      ".Compose.media toolbar UI/ComposeToolbarView+ViewModel.swift:12",
      ".Compose.poll toolbar selected=.Compose.pollFill UI/ComposeToolbarView+ViewModel.swift:13",
      ".Images.modalClose navigationBar UI/ModalNavigationBar.swift:3",
      "brand_logo toolbar UI/TabBarCell.swift:9",
    ])
    // A UIKit bar view's button image: shown in its own colours (a colour logo is no template).
    #expect(code.uses.filter(\.showsOwnColours).map(\.image.description) == ["brand_logo"])
    #expect(code.uses.prefix(2).allSatisfy { $0.bar == "UI/ComposeToolbarView.swift ComposeToolbarView toolbar" })
    #expect(BarTypeScanner.role(ofType: "PlayerTabBarView") == .tabBar)
    #expect(BarTypeScanner.role(ofType: "UIToolbar") == nil && BarTypeScanner.role(ofType: "Toolbar") == nil)
  }

  /// A toolbar or navigation bar holding two or more items is a family of its own; an item alone
  /// in its bar joins its role's family across the app; tab items are one family whatever files
  /// set them.
  @Test func familiesOfOneBar() {
    let code = AppCode.scan(files: [
      "App/Compose View Controller.swift": """
        func setUp() {
          toolbarItems = [UIBarButtonItem(image: UIImage(named: "photo"), style: .plain, target: nil, action: nil),
                          UIBarButtonItem(image: UIImage(named: "poll"), style: .plain, target: nil, action: nil)]
          tabBarItem = UITabBarItem(title: "Compose", image: UIImage(named: "tab_compose"), tag: 0)
        }
        """,
      "App/Profile.swift": """
        func setUp() {
          navigationItem.rightBarButtonItem = UIBarButtonItem(image: UIImage(named: "gear"), style: .plain, target: nil, action: nil)
          tabBarItem = UITabBarItem(title: "Me", image: UIImage(named: "tab_me"), tag: 1)
        }
        """,
      "App/Main.storyboard": """
        <document><scenes><scene sceneID="s1"><objects><viewController id="v" customClass="ListViewController">
          <navigationItem key="navigationItem"><barButtonItem key="leftBarButtonItem" image="filter" id="a"/>
            <barButtonItem key="rightBarButtonItem" image="sort" id="b"/></navigationItem>
        </viewController></objects></scene></scenes></document>
        """,
    ])
    let ids = ["photo", "poll", "tab_compose", "gear", "tab_me", "filter", "sort"].map { "App/Assets.xcassets/\($0)" }
    let map = BarIconMap(code: code, catalogIds: ids)
    let families = Dictionary(uniqueKeysWithValues: map.entries.map { (String($0.key.split(separator: "/").last!), $0.value.family) })
    #expect(families == [
      "photo": "Toolbar (Compose View Controller.swift)", "poll": "Toolbar (Compose View Controller.swift)",
      "filter": "NavigationBar (Main.storyboard ListViewController)", "sort": "NavigationBar (Main.storyboard ListViewController)",
      "gear": "NavigationBar", "tab_compose": "TabBar", "tab_me": "TabBar",
    ])
  }

  /// Several functions set `nav.tabBarItem.image` and `.selectedImage`: each selected image pairs
  /// with the image set just before it on that receiver (GitHawk's root view controllers).
  @Test func tabItemSelectedImagesPairedInFileOrder() {
    let code = AppCode.scan(files: ["App/Roots.swift": """
      func inbox() -> UIViewController {
        nav.tabBarItem.image = UIImage(named: "tab-inbox").withRenderingMode(.alwaysOriginal)
        nav.tabBarItem.selectedImage = UIImage(named: "tab-inbox-selected").withRenderingMode(.alwaysOriginal)
      }
      func search() -> UIViewController {
        nav.tabBarItem.image = UIImage(named: "tab-search")
        nav.tabBarItem.selectedImage = UIImage(named: "tab-search-on")
      }
      """])
    #expect(summary(code) == [
      "tab-inbox tabBar selected=tab-inbox-selected App/Roots.swift:2",
      "tab-search tabBar selected=tab-search-on App/Roots.swift:6",
    ])
  }

  /// A UIKit view named as a bar sets its buttons' images (`setImage(_:for: .normal)`, not the
  /// other states), here through the app's stored static images (`static let backActive =
  /// UIImage(named:)`) and a generated asset symbol; a view named only by the suffix (`URLBar`)
  /// is a bar when it is a view, a namespace named `Toolbar` is not.
  @Test func buttonsOfAUIKitViewNamedAsABar() {
    let code = AppCode.scan(files: [
      "DesignSystem/UIImage+App.swift": """
        extension UIImage {
          static let backActive = UIImage(named: "icon_back_active")!
          static let accent = UIColor.red
        }
        """,
      "UI/BrowserToolbar.swift": """
        public class BrowserToolbar: UIView {
          private let backButton: UIButton = {
            let button = UIButton()
            button.setImage(.backActive, for: .normal)
            button.setImage(.backPressed, for: .highlighted)
            return button
          }()
        }
        """,
      "UI/URLBar.swift": """
        class URLBar: UIView {
          func update() { stopButton.setImage(.iconStop, for: .normal) }
        }
        enum Toolbar {
          static func make() { button.setImage(UIImage(named: "not_a_bar"), for: .normal) }
        }
        """,
      "UI/Other.swift": """
        class Banner: UIView {
          func update() { closeButton.setImage(.iconClose, for: .normal) }
        }
        """,
    ])
    #expect(summary(code) == [
      "icon_back_active toolbar UI/BrowserToolbar.swift:4",
      ".iconStop navigationBar UI/URLBar.swift:2",
    ])
    #expect(BarTypeScanner.role(ofType: "URLBar", isView: true) == .navigationBar && BarTypeScanner.role(ofType: "URLBar") == nil)
  }

  /// A SwiftUI view named as a bar passes image names to the app's own view, whose body draws
  /// `Image(…)` of that parameter, its selected state an interpolation chosen by a state (Damus).
  @Test func swiftUITabBarOfTheAppsOwnButtons() {
    let code = AppCode.scan(files: [
      "Views/MainTabView.swift": """
        struct TabButton: View {
          let timeline: Timeline
          let img: String
          let title: String
          @Binding var selected: Timeline
          var body: some View {
            Button(action: { }) {
              Image(selected != timeline ? img : "\\(img).fill")
              Text(title)
            }
          }
        }

        struct TabBar: View {
          @Binding var selected: Timeline
          var body: some View {
            HStack {
              TabButton(timeline: .home, img: "home", title: "Home", selected: $selected)
              TabButton(timeline: .dms, img: "messages", title: "DMs", selected: $selected)
            }
          }
        }
        """,
      "Views/Profile.swift": """
        struct ProfileHeader: View {
          var body: some View { TabButton(timeline: .home, img: "banner", title: "", selected: $s) }
        }
        """,
    ])
    #expect(summary(code) == [
      "home tabBar selected=home.fill Views/MainTabView.swift:18",
      "messages tabBar selected=messages.fill Views/MainTabView.swift:19",
    ])
  }

  /// Buttons in a plain view that an outlet names as a bar (`toolbar`, not
  /// `toolbarHeightConstraint`): their normal state's image; a system symbol is noted (Onion Browser).
  @Test func xibButtonsInAViewOutletNamedAsABar() {
    let code = AppCode.scan(files: ["Browsing/Browser.xib": """
      <document><objects>
        <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="Browser">
          <connections>
            <outlet property="toolbar" destination="LVl" id="o1"/>
            <outlet property="toolbarHeightConstraint" destination="hdr" id="o2"/>
          </connections>
        </placeholder>
        <view id="root"><subviews>
          <view id="hdr"><subviews><button id="b0"><state key="normal" image="onion"/></button></subviews></view>
          <view id="LVl"><subviews><stackView id="s"><subviews>
            <button id="b1"><state key="normal" image="back"/><state key="highlighted" image="back_on"/></button>
            <button id="b2"><state key="normal" image="magnifyingglass" catalog="system"/></button>
          </subviews></stackView></subviews></view>
        </subviews></view>
      </objects></document>
      """])
    #expect(summary(code) == [
      "back toolbar Browsing/Browser.xib:11",
      "systemName: magnifyingglass toolbar Browsing/Browser.xib:12",
    ])
  }

  /// A bar button item whose view is a button (`UIBarButtonItem(customView:)`): the image the
  /// button is made with, or set on it in its normal state by the property that makes it; an
  /// item's `.image` set later, two images chosen by a state read as the selected and plain one.
  @Test func customViewButtonsAndImagesSetLater() {
    let code = AppCode.scan(files: ["App/List.swift": """
      class List: UIViewController {
        private lazy var selectAllButton: UIBarButtonItem = {
          UIBarButtonItem(image: UIImage(named: "emptySelectAll"), style: .plain, target: self, action: nil)
        }()
        private var prefButton: UIButton {
          let button = UIButton()
          let prefImage = UIImage(named: "preferences")
          button.setImage(prefImage, for: .normal)
          button.setImage(prefImage?.tinted(.gray), for: .selected)
          return button
        }
        func setUp() {
          let back = UIButton(title: "Settings", imageName: "back")
          navigationItem.leftBarButtonItem = UIBarButtonItem(customView: back)
          navigationItem.rightBarButtonItems = [UIBarButtonItem(customView: self.prefButton), selectAllButton]
          header.image = UIImage(named: "not_an_item")
        }
        func selectAll() {
          selectAllButton.image = isAllSelected ? UIImage(named: "allSelected")
            : UIImage(named: "emptySelectAll")
        }
      }
      """])
    #expect(summary(code) == [
      "emptySelectAll navigationBar App/List.swift:3",
      "preferences navigationBar App/List.swift:7",
      "back navigationBar App/List.swift:13",
      "emptySelectAll navigationBar selected=allSelected App/List.swift:20",
    ])
  }
}
